import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Link } from '../../components/ui/link';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LABELS, SELFIE_COPY, chatMessageListSchema } from '@baegen/shared';
import { createQueryClient } from '../../lib/query-client';
import {
  fakeCharacter,
  fakeChat,
  fakeChatContext,
  fakeChatMessage,
  fakeGeneration,
  jsonResponse,
  stubFetch,
} from '../../test/fake-api';
import { ChatPage } from './chat-page';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

/** Each chat's messages: a greeting of its own. */
const greeting = (chatId: string) =>
  fakeChatMessage({
    $id: `greet-${chatId}`,
    chatId,
    content: `Hello from ${chatId}`,
    swipes: [`Hello from ${chatId}`],
  });

const selfieMessage = (chatId: string) =>
  fakeChatMessage({
    $id: `selfie-${chatId}`,
    chatId,
    seq: 2,
    content: SELFIE_COPY.sends,
    swipes: [SELFIE_COPY.sends],
    attachments: [{ type: 'image', jobId: 'job1', mediaId: null, url: null }],
  });

beforeEach(() => {
  stubFetch().mockImplementation(async (url) => {
    const [, chatId = '', tail] = /^\/api\/chats\/([^/?]+)(\/\w+)?/.exec(url) ?? [];
    if (url.startsWith('/api/characters/')) return jsonResponse(200, fakeCharacter());
    if (tail === '/messages') {
      return jsonResponse(
        200,
        chatMessageListSchema.parse({ documents: [greeting(chatId)], nextCursor: null }),
      );
    }
    if (tail === '/context') return jsonResponse(200, fakeChatContext());
    if (tail === '/selfie')
      return jsonResponse(202, { message: selfieMessage(chatId), job: fakeGeneration() });
    if (url.startsWith('/api/generations/')) return jsonResponse(200, fakeGeneration({ status: 'running' }));
    return jsonResponse(200, fakeChat({ $id: chatId }));
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The page of chat "first", with a link to chat "second". */
function renderChat() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/chats/first']}>
        <Link to="/chats/second">next</Link>
        <Routes>
          <Route path="/chats/:chatId" element={<ChatPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ChatPage', () => {
  it('shows her name, the context usage, and only the messages of the chat it opens', async () => {
    renderChat();
    expect(await screen.findByText('Hello from first')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Luna Vale' })).toBeTruthy();
    expect(await screen.findByText('1,234 / 7,792 tokens')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(await screen.findByText('Hello from second')).toBeTruthy();
    const texts = within(screen.getByRole('list')).getAllByTestId('chat-message-text');
    expect(texts.map((text) => text.textContent)).toEqual(['Hello from second']);
  });

  it('asks for a selfie and shows its message following the job', async () => {
    const fetchMock = vi.mocked(fetch);
    renderChat();
    expect(await screen.findByText('Hello from first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.sendSelfie }));
    expect(await screen.findByText(SELFIE_COPY.sends)).toBeTruthy();
    expect(await screen.findByTestId('generation-progress')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/chats/first/selfie',
      expect.objectContaining({ method: 'POST' }),
    );
    // The picture's message is the last reply, yet offers no Regenerate or Continue.
    const selfie = screen.getByText(SELFIE_COPY.sends).closest('li')!;
    expect(within(selfie).queryByRole('button', { name: CHAT_LABELS.regenerate })).toBeNull();
    expect(within(selfie).queryByRole('button', { name: CHAT_LABELS.continue })).toBeNull();
    expect(within(selfie).getByRole('button', { name: CHAT_LABELS.delete })).toBeTruthy();
  });
});
