import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LABELS } from '@baegen/shared';
import { createQueryClient } from '../../../lib/query-client';
import { fakeChat, jsonResponse, stubFetch } from '../../../test/fake-api';
import { ChatSettingsPanel, chatSettingsPatch } from './chat-settings-panel';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const chat = fakeChat({ title: 'Stargazing', userName: 'Sam', memory: 'Likes tea.' });

describe('chatSettingsPatch', () => {
  it('names only what changed, trimmed, and never a blank title or name', () => {
    expect(chatSettingsPatch(chat, { title: ' Night sky ', userName: 'Sam', memory: 'Likes tea.' })).toEqual({
      title: 'Night sky',
    });
    expect(chatSettingsPatch(chat, { title: '  ', userName: '', memory: '' })).toEqual({ memory: '' });
    expect(chatSettingsPatch(chat, { title: 'Stargazing', userName: 'Sam', memory: 'Likes tea.' })).toEqual(
      {},
    );
  });
});

describe('ChatSettingsPanel', () => {
  it('saves the memory and the name {{user}} stands for, then closes', async () => {
    const fetchMock = stubFetch().mockImplementation(async (_url, init) =>
      jsonResponse(
        200,
        init?.method === 'PATCH' ? { ...chat, userName: 'Alex', memory: 'Likes coffee.' } : chat,
      ),
    );
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChatSettingsPanel chat={chat} onClose={onClose} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: CHAT_LABELS.userName }), {
      target: { value: 'Alex' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: CHAT_LABELS.memory }), {
      target: { value: 'Likes coffee.' },
    });
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect([url, init?.method]).toEqual(['/api/chats/chat1', 'PATCH']);
    expect(JSON.parse(String(init?.body))).toEqual({ userName: 'Alex', memory: 'Likes coffee.' });
  });

  it('shows the summary read-only and rebuilds it on request', async () => {
    const summarised = fakeChat({ summary: 'User: My dog is called Biscuit.' });
    const fetchMock = stubFetch().mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? jsonResponse(202, { ...summarised, summary: '' })
        : jsonResponse(200, summarised),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChatSettingsPanel chat={summarised} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const section = screen.getByTestId('chat-summary');
    expect(section.textContent).toContain('User: My dog is called Biscuit.');
    expect(screen.queryByRole('textbox', { name: CHAT_LABELS.summary })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.summaryRebuild }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, call]) => call?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect([url, init?.method]).toEqual(['/api/chats/chat1/summary/rebuild', 'POST']);
  });

  it('shows Rebuilding until the new summary is written, and not at all when nothing is left to summarise', async () => {
    const summarised = fakeChat({ summary: 'Old.', summaryUpdatedAt: '2026-01-01T00:00:00.000Z' });
    let written = fakeChat({ summary: '', summaryUpdatedAt: null });
    stubFetch().mockImplementation(async (_url, init) =>
      jsonResponse(init?.method === 'POST' ? 202 : 200, init?.method === 'POST' ? written : summarised),
    );
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <ChatSettingsPanel chat={summarised} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.summaryRebuild }));
    await screen.findByRole('button', { name: CHAT_LABELS.summaryRebuilding });
    unmount();

    written = fakeChat({ summary: '', summaryUpdatedAt: '2026-01-02T00:00:00.000Z' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChatSettingsPanel chat={summarised} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.summaryRebuild }));
    await waitFor(() =>
      expect(screen.getByTestId('chat-summary').textContent).toContain(CHAT_LABELS.summaryEmpty),
    );
    expect(screen.getByRole('button', { name: CHAT_LABELS.summaryRebuild })).toBeTruthy();
  });

  it('says when there is no summary yet', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ChatSettingsPanel chat={chat} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('chat-summary').textContent).toContain(CHAT_LABELS.summaryEmpty);
  });
});
