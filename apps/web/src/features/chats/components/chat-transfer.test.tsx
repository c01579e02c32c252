import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_COPY, CHAT_LABELS } from '@baegen/shared';
import { errorResponse, fakeChat, jsonResponse, stubFetch } from '../../../test/fake-api';
import { ChatTransfer } from './chat-transfer';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

function Opened() {
  return <p data-testid="opened">{useParams().chatId}</p>;
}

function renderTransfer() {
  render(
    <MemoryRouter initialEntries={['/chats/chat1']}>
      <Routes>
        <Route path="/chats/chat1" element={<ChatTransfer chatId="chat1" characterId="abc123" />} />
        <Route path="/chats/:chatId" element={<Opened />} />
      </Routes>
    </MemoryRouter>,
  );
}

const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('chat-import-input'), { target: { files: [file] } });

describe('ChatTransfer', () => {
  it('links Export to the SillyTavern download of this chat', () => {
    stubFetch();
    renderTransfer();
    const link = screen.getByRole('link', { name: CHAT_LABELS.export });
    expect(link.getAttribute('href')).toBe('/api/chats/chat1/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('sends a picked JSONL file as it is to her import, then opens the new chat', async () => {
    const fetchMock = stubFetch().mockResolvedValue(jsonResponse(201, fakeChat({ $id: 'copy1' })));
    renderTransfer();
    const file = new File(['{"user_name":"User"}\n'], 'luna.jsonl');
    pick(file);
    expect((await screen.findByTestId('opened')).textContent).toBe('copy1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual(['/api/characters/abc123/chats/import', 'POST', file]);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/jsonl');
  });

  it("shows a refused file in the server's words", async () => {
    stubFetch().mockResolvedValue(errorResponse(413, 'CHAT_TOO_LARGE', CHAT_COPY.tooLarge));
    renderTransfer();
    pick(new File(['x'], 'big.jsonl'));
    expect((await screen.findByRole('alert')).textContent).toBe(CHAT_COPY.tooLarge);
    expect(screen.getByRole('button', { name: CHAT_LABELS.import })).toBeTruthy();
  });
});
