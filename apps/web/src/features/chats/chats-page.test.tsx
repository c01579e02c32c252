import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LABELS, type Chat } from '@baegen/shared';
import { createQueryClient } from '../../lib/query-client';
import {
  errorResponse,
  fakeCharacter,
  fakeCharacterPage,
  fakeChat,
  fakeChatPage,
  jsonResponse,
  noContentResponse,
  stubFetch,
} from '../../test/fake-api';
import { allowModalDialogs } from '../../test/modal-dialogs';
import { ChatsPage } from './chats-page';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

let fetchMock: ReturnType<typeof stubFetch>;
const older = fakeChat({ $id: 'chat2', title: 'Stargazing', messageCount: 1 });

/** Answers the characters list with Luna, and the chats list with `pages` in turn. */
function answer(
  pages: Response[],
  other: (url: string, init?: RequestInit) => Response = () => noContentResponse(),
) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url.startsWith('/api/characters')) return jsonResponse(200, fakeCharacterPage([fakeCharacter()]));
    if (url.startsWith('/api/chats?') || url === '/api/chats')
      return pages.shift() ?? jsonResponse(200, fakeChatPage([]));
    return other(url, init);
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ChatsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const item = (title: string) =>
  screen.getAllByTestId('chat-list-item').find((row) => within(row).queryByText(title))!;

beforeAll(allowModalDialogs);
beforeEach(() => {
  fetchMock = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatsPage', () => {
  it('lists the chats with her name, title and size, and loads the next page on demand', async () => {
    answer([
      jsonResponse(200, fakeChatPage([fakeChat()], 'next1')),
      jsonResponse(200, fakeChatPage([older])),
    ]);
    renderPage();
    const first = await screen.findByRole('link', { name: 'Chat with Luna Vale' });
    expect(first.getAttribute('href')).toBe('/chats/chat1');
    await waitFor(() => expect(within(item('Chat with Luna Vale')).getByText('Luna Vale')).toBeTruthy());
    expect(screen.getByText(/3 messages/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.loadMore }));
    expect(await screen.findByRole('link', { name: 'Stargazing' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/chats?cursor=next1');
    expect(screen.queryByRole('button', { name: CHAT_LABELS.loadMore })).toBeNull();
  });

  it('leads to the characters when there is no chat yet', async () => {
    answer([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: CHAT_LABELS.emptyTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: CHAT_LABELS.emptyAction }).getAttribute('href')).toBe(
      '/characters',
    );
  });

  it('says the list failed and reads it again on retry', async () => {
    answer([errorResponse(400, 'BAD_REQUEST'), jsonResponse(200, fakeChatPage([older]))]);
    renderPage();
    expect(await screen.findByText(CHAT_LABELS.listLoadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.retry }));
    expect(await screen.findByRole('link', { name: 'Stargazing' })).toBeTruthy();
  });

  it('renames a chat in place', async () => {
    const renamed: Chat = { ...older, title: 'Night sky' };
    answer([jsonResponse(200, fakeChatPage([older])), jsonResponse(200, fakeChatPage([renamed]))], () =>
      jsonResponse(200, renamed),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: CHAT_LABELS.renameChat('Stargazing') }));
    fireEvent.change(screen.getByRole('textbox', { name: CHAT_LABELS.title }), {
      target: { value: '  Night sky ' },
    });
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.save }));
    expect(await screen.findByRole('link', { name: 'Night sky' })).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/chats/chat2');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ title: 'Night sky' });
  });

  it('deletes a chat only once confirmed', async () => {
    answer([jsonResponse(200, fakeChatPage([older])), jsonResponse(200, fakeChatPage([]))]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: CHAT_LABELS.deleteChat('Stargazing') }));
    const dialog = screen.getByRole('dialog', { name: CHAT_LABELS.deleteChatTitle });
    expect(within(dialog).getByText(CHAT_LABELS.deleteChatConfirm('Stargazing'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: CHAT_LABELS.emptyTitle })).toBeTruthy();
    const removal = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(removal[0]).toBe('/api/chats/chat2');
  });
});
