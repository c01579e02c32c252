import { toast } from '../../../test/toast-mock';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, defaultAvatarUrl } from '@baegen/shared';
import { errorResponse, fakeFileUpload, jsonResponse } from '../../../test/fake-api';
import { currentUrl } from '../../../test/router-kit';
import { emptyFormValues } from '../character-form.model';
import { button, fetchMock, field, filled, portrait, renderForm, startBusy } from './character-form-kit';

describe('CharacterForm portrait', () => {
  it('locks the actions while the portrait job runs, shows its progress, then uses its picture', async () => {
    const reply = await startBusy('Generate');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/generations');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as { kind: string; prompt: string };
    // One picture in the provider's portrait shape unless the person picks otherwise.
    expect(body).toEqual({
      kind: 'image',
      prompt: expect.stringContaining('Luna'),
      outputs: 1,
      aspectRatio: 'portrait',
    });
    expect(body.prompt).toContain('silver hair');

    await act(async () => reply.release(jsonResponse(201, portrait.job)));
    expect(currentUrl()).toBe('/characters/new?portraitJob=p1');
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeTruthy();
    expect(button('Cancel').disabled).toBe(false);
    expect(button('Generating...').disabled).toBe(true);

    await portrait.becomes(portrait.done);
    // The stored picture shows by its origin, not its internal address, until asked for the URL.
    expect(await screen.findByText(MESSAGES.characters.portraitGenerated)).toBeTruthy();
    expect(screen.queryByDisplayValue('/api/files/one/view')).toBeNull();
    expect(toast.success).toHaveBeenCalledExactlyOnceWith(MESSAGES.characters.imageGenerated);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The id stays: a reload brings the picture back, and nothing navigates when a job ends.
    expect(currentUrl()).toBe('/characters/new?portraitJob=p1');
    expect(button('Generate').disabled).toBe(false);
    fireEvent.click(button('Edit URL'));
    expect(field('Character Image URL').value).toBe('/api/files/one/view');
    expect(document.activeElement).toBe(field('Character Image URL'));
  });

  it('shows a job named in the URL again after a reload, and fills the portrait when it ends', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, portrait.job));
    renderForm(emptyFormValues, undefined, '/characters/new?portraitJob=p1');

    expect(button('Generating...').disabled).toBe(true);
    expect(await screen.findByRole('progressbar', { name: 'Generation progress' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/generations/p1');
    expect(screen.getByRole('status').textContent).toBe('Generating image...');

    await portrait.becomes(portrait.done);
    expect(await screen.findByText(MESSAGES.characters.portraitGenerated)).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.characters.imageGenerated);
  });

  it('puts back the picture of a job that had ended before the form read it, without news', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, portrait.done));
    renderForm(emptyFormValues, undefined, '/characters/new?portraitJob=p1');
    expect(await screen.findByText(MESSAGES.characters.portraitGenerated)).toBeTruthy();
    expect(button('Generate').disabled).toBe(false);
    fireEvent.click(button('Edit URL'));
    await vi.waitFor(() => expect(field('Character Image URL').value).toBe('/api/files/one/view'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('leaves the field alone for a job that had failed before the form read it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...portrait.job, status: 'failed' }));
    renderForm({ ...filled, imageUrl: 'https://old.example/a.png' }, 'abc', '/characters/new?portraitJob=p1');
    await waitFor(() => expect(button('Generate').disabled).toBe(false));
    expect(field('Character Image URL').value).toBe('https://old.example/a.png');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('cancels the running job quietly and leaves the portrait as it was', async () => {
    await portrait.renderRunning({ ...filled, imageUrl: 'https://old.example/a.png' });

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...portrait.job, status: 'cancelled' }));
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/generations/p1/cancel');
    expect(init?.method).toBe('POST');
    expect(button('Generate').disabled).toBe(false);
    expect(field('Character Image URL').value).toBe('https://old.example/a.png');
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says so when the job cannot be cancelled, and follows it on', async () => {
    await portrait.renderRunning(filled);

    fetchMock.mockResolvedValueOnce(errorResponse(409, 'GENERATION_FINISHED'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.generations.cancelFailed));
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });

  it("ties an edited character's portrait job to the character", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { ...portrait.job, characterId: 'abc' }));
    renderForm(filled, 'abc');
    fireEvent.click(button('Generate'));
    await screen.findByRole('progressbar', { name: 'Generation progress' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      kind: 'image',
      characterId: 'abc',
    });
  });

  it.each([
    ['generated-1.png', MESSAGES.characters.portraitGenerated],
    ['holiday.jpg', MESSAGES.characters.portraitUploaded],
  ])("names a saved character's stored portrait %s by its origin", async (name, label) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, fakeFileUpload({ $id: 'p1', name })));
    renderForm({ ...filled, imageUrl: '/api/files/p1/view' }, 'abc');
    expect(await screen.findByText(label)).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/files/p1');
    expect(screen.getByRole('group', { name: 'Character Image URL' })).toBeTruthy();
  });

  it('shows any other image address as it is', () => {
    renderForm({ ...filled, imageUrl: 'https://old.example/a.png' });
    expect(field('Character Image URL').value).toBe('https://old.example/a.png');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['fails', { ...portrait.job, status: 'failed' as const }],
    ['ends without a picture', { ...portrait.done, outputs: [] }],
  ])('falls back to the default avatar of the name when the job %s', async (_, ended) => {
    await portrait.renderRunning({ ...filled, imageUrl: 'https://old.example/a.png' });

    await portrait.becomes(ended);
    await waitFor(() => expect(toast.error).toHaveBeenCalledExactlyOnceWith(MESSAGES.characters.imageFailed));
    expect(field('Character Image URL').value).toBe(defaultAvatarUrl('Luna'));
    expect(button('Generate').disabled).toBe(false);
  });
});
