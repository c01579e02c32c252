import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_LABELS,
  type Chat,
  MESSAGES,
  type Media,
  PROFILE_LABELS,
  RETRY_LABEL,
  documentTitle,
} from '@baegen/shared';
import { createQueryClient } from '../../lib/query-client';
import {
  errorResponse,
  fakeCharacter,
  fakeChat,
  fakeChatPage,
  fakeMedia,
  fakeMediaPage,
  jsonResponse,
  stubFetch,
} from '../../test/fake-api';
import { CharacterProfilePage } from './character-profile-page';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

let fetchMock: ReturnType<typeof stubFetch>;

/** Answers each request of the page from `answers`, by the path (and query) it asks for. */
function serve(answers: Record<string, () => Response>) {
  fetchMock.mockImplementation((url) => {
    const path = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    return Promise.resolve(path ? answers[path]!() : errorResponse(500, 'UNEXPECTED'));
  });
}

function renderPage(id = 'abc123') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/characters/${id}`]}>
        <Routes>
          <Route path="/characters/:id" element={<CharacterProfilePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const luna = fakeCharacter({
  description: 'An astronomer from the coast.',
  attributes: JSON.stringify({ appearance: 'silver hair', personality: 'calm and curious' }),
});

/** Luna, with the media and chats given. */
function serveLuna(media: Media[] = [], chats: Chat[] = []) {
  serve({
    '/api/characters/abc123': () => jsonResponse(200, luna),
    '/api/media?': () => jsonResponse(200, fakeMediaPage(media)),
    '/api/chats?': () => jsonResponse(200, fakeChatPage(chats)),
  });
}

beforeEach(() => {
  fetchMock = stubFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CharacterProfilePage', () => {
  it('shows her portrait, name and story, her gallery and her chats', async () => {
    serveLuna([fakeMedia({ prompt: 'Stars over the pier' })], [fakeChat({ $id: 'c9', title: 'Night talk' })]);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Luna Vale' })).toBeTruthy();
    expect(document.title).toBe(documentTitle('Luna Vale'));
    expect(screen.getAllByRole('img', { name: 'Luna Vale' })[0]!.getAttribute('src')).toBe(luna.imageUrl);
    const story = screen.getByRole('region', { name: PROFILE_LABELS.story });
    expect(within(story).getByText('An astronomer from the coast.')).toBeTruthy();
    expect(within(story).getByText('calm and curious')).toBeTruthy();
    expect(within(story).getByText('silver hair')).toBeTruthy();

    const gallery = screen.getByRole('region', { name: PROFILE_LABELS.gallery });
    expect(await within(gallery).findByText('Stars over the pier')).toBeTruthy();
    const chats = screen.getByRole('region', { name: PROFILE_LABELS.chats });
    const chat = await within(chats).findByRole('link', { name: /Night talk/ });
    expect(chat.getAttribute('href')).toBe('/chats/c9');
    expect(within(chats).getByText(CHAT_LABELS.messages(3), { exact: false })).toBeTruthy();
  });

  it('asks for her media newest first and for her chats only', async () => {
    serveLuna();
    renderPage();
    await screen.findByRole('heading', { name: PROFILE_LABELS.galleryEmptyTitle });
    const urls = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x'));
    const media = urls.find((url) => url.pathname === '/api/media')!;
    expect(media.searchParams.get('characterId')).toBe('abc123');
    // The server's default order is newest first, so the client may leave it out.
    expect(media.searchParams.get('sort') ?? 'newest').toBe('newest');
    const chats = urls.find((url) => url.pathname === '/api/chats')!;
    expect(chats.searchParams.get('characterId')).toBe('abc123');
  });

  it('offers Chat, Video, Image, Edit and Export card for her', async () => {
    serveLuna();
    renderPage();
    const actions = await screen.findByRole('navigation', { name: PROFILE_LABELS.actions });
    const href = (name: string) => within(actions).getByRole('link', { name }).getAttribute('href');
    expect(href(CHAT_LABELS.chat)).toBe('/chats/with/abc123');
    expect(href('Video')).toBe('/media/new/abc123?type=video');
    expect(href('Image')).toBe('/media/new/abc123?type=image');
    expect(href(PROFILE_LABELS.edit)).toBe('/characters/edit/abc123');
    expect(href(MESSAGES.cards.exportLabel)).toBe('/api/characters/abc123/card.png');
  });

  it('says so when she has no media and no chats yet', async () => {
    serveLuna();
    renderPage();
    expect(await screen.findByText(PROFILE_LABELS.galleryEmptyText('Luna Vale'))).toBeTruthy();
    expect(await screen.findByText(PROFILE_LABELS.chatsEmptyText('Luna Vale'))).toBeTruthy();
  });

  it('shows loading placeholders until she is loaded', () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(screen.getByRole('status', { name: PROFILE_LABELS.loading })).toBeTruthy();
    expect(document.title).toBe(documentTitle(PROFILE_LABELS.loadingTitle));
  });

  it('says she is not found on a 404, with a way back to the characters', async () => {
    serve({ '/api/characters/gone': () => errorResponse(404, 'NOT_FOUND', 'Character not found') });
    renderPage('gone');
    expect(await screen.findByRole('heading', { name: PROFILE_LABELS.notFoundTitle })).toBeTruthy();
    const back = screen.getByRole('link', { name: PROFILE_LABELS.backToCharacters });
    expect(back.getAttribute('href')).toBe('/characters');
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/media'))).toBe(false);
  });

  it('offers to try again when loading her fails otherwise', async () => {
    serve({ '/api/characters/abc123': () => errorResponse(403, 'FORBIDDEN') });
    renderPage();
    expect(await screen.findByRole('heading', { name: MESSAGES.characters.loadOneFailed })).toBeTruthy();
    serve({ '/api/characters/abc123': () => jsonResponse(200, luna) });
    fireEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Luna Vale' })).toBeTruthy();
  });
});
