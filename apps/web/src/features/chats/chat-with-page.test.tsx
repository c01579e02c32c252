import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LABELS } from '@baegen/shared';
import { createQueryClient } from '../../lib/query-client';
import { errorResponse, fakeChat, fakeChatPage, jsonResponse, stubFetch } from '../../test/fake-api';
import { ChatWithPage } from './chat-with-page';

let fetchMock: ReturnType<typeof stubFetch>;

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${useNavigationType()} ${location.pathname}`}</p>;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/characters', '/chats/with/abc123']} initialIndex={1}>
        <Routes>
          <Route path="/chats/with/:characterId" element={<ChatWithPage />} />
          <Route path="/chats/:chatId" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatWithPage', () => {
  it('opens her latest chat in place of its own address', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, fakeChatPage([fakeChat({ $id: 'latest' })])));
    renderPage();
    expect((await screen.findByTestId('landed')).textContent).toBe('REPLACE /chats/latest');
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(
      '/api/chats?characterId=abc123&limit=1',
      expect.anything(),
    );
  });

  it('starts a chat when she has none', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, fakeChatPage([])))
      .mockResolvedValueOnce(jsonResponse(201, fakeChat({ $id: 'fresh' })));
    renderPage();
    expect((await screen.findByTestId('landed')).textContent).toBe('REPLACE /chats/fresh');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect([url, init?.method]).toEqual(['/api/characters/abc123/chats', 'POST']);
  });

  it("says so in the server's words when she cannot be found", async () => {
    fetchMock.mockResolvedValueOnce(errorResponse(404, 'CHARACTER_NOT_FOUND', 'Character not found'));
    renderPage();
    expect(await screen.findByText(CHAT_LABELS.openFailed)).toBeTruthy();
    expect(screen.getByText('Character not found')).toBeTruthy();
  });
});
