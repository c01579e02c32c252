import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LABELS, type Chat, PROFILE_LABELS } from '@baegen/shared';
import { createQueryClient } from '../../../lib/query-client';
import {
  errorResponse,
  fakeChat,
  fakeChatPage,
  jsonResponse,
  noContentResponse,
  stubFetch,
} from '../../../test/fake-api';
import { ProfileChats } from './profile-chats';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));

// jsdom has no modal dialogs: opening one only sets `open`, which is all these tests look at.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

let fetchMock: ReturnType<typeof stubFetch>;
let chats: Chat[] = [];

beforeEach(() => {
  chats = [fakeChat({ $id: 'c1', title: 'Night talk' }), fakeChat({ $id: 'c2', title: 'Morning' })];
  fetchMock = stubFetch().mockImplementation((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return Promise.resolve(jsonResponse(200, fakeChatPage(chats)));
    const id = url.split('/').pop()!;
    if (method === 'DELETE') {
      chats = chats.filter((chat) => chat.$id !== id);
      return Promise.resolve(noContentResponse());
    }
    const { title } = JSON.parse(String(init?.body)) as { title: string };
    chats = chats.map((chat) => (chat.$id === id ? { ...chat, title } : chat));
    return Promise.resolve(
      jsonResponse(
        200,
        chats.find((chat) => chat.$id === id),
      ),
    );
  });
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderChats() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProfileChats characterId="abc123" name="Luna Vale" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const requests = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method);

describe('ProfileChats', () => {
  it('renames a chat in place, and the list shows the new title', async () => {
    renderChats();
    fireEvent.click(await screen.findByRole('button', { name: PROFILE_LABELS.renameLabel('Night talk') }));
    const field = screen.getByRole('textbox', { name: CHAT_LABELS.title });
    expect((field as HTMLInputElement).value).toBe('Night talk');
    fireEvent.change(field, { target: { value: '  Stargazing  ' } });
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.save }));

    expect(await screen.findByRole('link', { name: /Stargazing/ })).toBeTruthy();
    const [[url, init]] = requests('PATCH') as [[string, RequestInit]];
    expect(url).toBe('/api/chats/c1');
    expect(JSON.parse(String(init.body))).toEqual({ title: 'Stargazing' });
    expect(toast.success).toHaveBeenCalledWith(PROFILE_LABELS.renamed);
  });

  it('leaves the title as it was on Cancel or Escape, sending nothing', async () => {
    renderChats();
    fireEvent.click(await screen.findByRole('button', { name: PROFILE_LABELS.renameLabel('Morning') }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Other' } });
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.cancel }));
    fireEvent.click(screen.getByRole('button', { name: PROFILE_LABELS.renameLabel('Morning') }));
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(screen.getByRole('link', { name: /Morning/ })).toBeTruthy();
    // The keyboard is back where it was.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: PROFILE_LABELS.renameLabel('Morning') }),
    );
    expect(requests('PATCH')).toHaveLength(0);
  });

  it('deletes a chat only once the dialog is confirmed', async () => {
    renderChats();
    fireEvent.click(await screen.findByRole('button', { name: PROFILE_LABELS.deleteLabel('Morning') }));
    const dialog = screen.getByRole('dialog', { name: CHAT_LABELS.deleteChatTitle });
    expect(within(dialog).getByText(CHAT_LABELS.deleteChatConfirm('Morning'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: CHAT_LABELS.cancel }));
    expect(requests('DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: PROFILE_LABELS.deleteLabel('Morning') }));
    fireEvent.click(within(dialog).getByRole('button', { name: CHAT_LABELS.delete }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Morning/ })).toBeNull());
    expect(requests('DELETE').map(([url]) => url)).toEqual(['/api/chats/c2']);
    expect(toast.success).toHaveBeenCalledWith(PROFILE_LABELS.deleted);
    expect(screen.getByRole('link', { name: /Night talk/ })).toBeTruthy();
  });

  it('says why when a rename is refused, and keeps the old title', async () => {
    renderChats();
    fetchMock.mockImplementationOnce(() => Promise.resolve(errorResponse(400, 'VALIDATION', 'Too long')));
    fireEvent.click(await screen.findByRole('button', { name: PROFILE_LABELS.renameLabel('Morning') }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.save }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Too long'));
    expect(screen.getByRole('link', { name: /Morning/ })).toBeTruthy();
  });
});
