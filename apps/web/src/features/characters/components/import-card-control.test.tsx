import { toast } from '../../../test/toast-mock';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_MAX_BYTES, CHARACTER_IMPORT_PATH, ERROR_CODES, MESSAGES } from '@baegen/shared';
import { characterKeys } from '../../../api/characters.queries';
import { createQueryClient } from '../../../lib/query-client';
import { errorResponse, fakeCharacter, jsonResponse, stubFetchEachTest } from '../../../test/fake-api';
import { ImportCardControl } from './import-card-control';

const fetchMock = stubFetchEachTest();

function renderControl() {
  const client = createQueryClient();
  client.setQueryData(characterKeys.recent, []);
  render(
    <QueryClientProvider client={client}>
      <ImportCardControl />
    </QueryClientProvider>,
  );
  return client;
}

const picker = () => screen.getByTestId('card-import-input');
const pngFile = (name = 'sera.png', type = 'image/png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });

/** A drag event carrying files, as the browser fires it on the window. */
function fileDrag(type: string, files: File[] = []) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files } });
  return event;
}

describe('ImportCardControl', () => {
  it('sends a picked PNG as image/png, toasts the new name and refreshes the characters', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, fakeCharacter({ name: 'Seraphina' })));
    const client = renderControl();
    const file = pngFile();
    fireEvent.change(picker(), { target: { files: [file] } });

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.cards.imported('Seraphina')));
    expect(fetchMock).toHaveBeenCalledWith(
      CHARACTER_IMPORT_PATH,
      expect.objectContaining({
        method: 'POST',
        body: file,
        headers: expect.objectContaining({ 'Content-Type': 'image/png' }),
      }),
    );
    expect(client.getQueryState(characterKeys.recent)!.isInvalidated).toBe(true);
  });

  it('sends a .json file the system gave no type as application/json', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, fakeCharacter()));
    renderControl();
    fireEvent.change(picker(), { target: { files: [new File(['{}'], 'card.json', { type: '' })] } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('says in plain words that a refused file is no card, not what the reader found', async () => {
    const details = 'This PNG holds no character card (no "ccv3" or "chara" text chunk)';
    fetchMock
      .mockResolvedValueOnce(errorResponse(400, ERROR_CODES.invalidCard, details))
      .mockResolvedValueOnce(errorResponse(415, ERROR_CODES.unsupportedCardType, 'Send image/png'));
    renderControl();
    fireEvent.change(picker(), { target: { files: [pngFile()] } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.cards.notACard));
    fireEvent.change(picker(), { target: { files: [pngFile()] } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    expect(toast.error).toHaveBeenLastCalledWith(MESSAGES.cards.notACard);
    expect(toast.error).not.toHaveBeenCalledWith(details);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('passes on the server’s words for any other refusal, such as a full storage', async () => {
    const quota = 'Your storage is full: delete some media to make room.';
    fetchMock.mockResolvedValueOnce(errorResponse(413, 'QUOTA_EXCEEDED', quota));
    renderControl();
    fireEvent.change(picker(), { target: { files: [pngFile()] } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(quota));
  });

  it('falls back to its own message when the request fails without an answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderControl();
    fireEvent.change(picker(), { target: { files: [pngFile()] } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.cards.importFailed));
  });

  it('refuses a file that is neither PNG nor JSON without sending it', () => {
    renderControl();
    fireEvent.change(picker(), { target: { files: [pngFile('notes.txt', 'text/plain')] } });
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.cards.notACardFile);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a card over the size limit with the size message, without sending it', () => {
    renderControl();
    const huge = pngFile();
    Object.defineProperty(huge, 'size', { value: CARD_MAX_BYTES + 1 });
    fireEvent.change(picker(), { target: { files: [huge] } });
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.cards.tooLarge);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a drop overlay while files are dragged over the page and imports the dropped one', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, fakeCharacter({ name: 'Dropped' })));
    renderControl();
    expect(screen.queryByTestId('card-drop-overlay')).toBeNull();
    act(() => {
      window.dispatchEvent(fileDrag('dragenter'));
    });
    expect(screen.getByTestId('card-drop-overlay').textContent).toBe(MESSAGES.cards.dropHere);
    const over = fileDrag('dragover');
    act(() => {
      window.dispatchEvent(over);
    });
    expect(over.defaultPrevented).toBe(true);

    const drop = fileDrag('drop', [pngFile('dropped.png')]);
    act(() => {
      window.dispatchEvent(drop);
    });
    expect(drop.defaultPrevented).toBe(true);
    expect(screen.queryByTestId('card-drop-overlay')).toBeNull();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.cards.imported('Dropped')));
  });

  it('hides the overlay when the drag leaves the page', () => {
    renderControl();
    act(() => {
      window.dispatchEvent(fileDrag('dragenter'));
      window.dispatchEvent(fileDrag('dragenter'));
      window.dispatchEvent(fileDrag('dragleave'));
    });
    expect(screen.getByTestId('card-drop-overlay')).toBeTruthy();
    act(() => {
      window.dispatchEvent(fileDrag('dragleave'));
    });
    expect(screen.queryByTestId('card-drop-overlay')).toBeNull();
  });
});
