import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_LABELS,
  FAVORITE_LABELS,
  MEDIA_TITLE_PREVIEW,
  PREVIEW_WIDTHS,
  ROUTES,
  truncate,
} from '@baegen/shared';
import { fakeMedia } from '../../test/fake-api';
import { MediaCard } from './media-card';

const longPrompt = `${'Golden hour on a quiet beach, '.repeat(3)}end`;

describe('MediaCard', () => {
  it('shows the cut title, the character, the type and asks to delete this media', () => {
    const media = fakeMedia({ prompt: longPrompt });
    const onDelete = vi.fn();
    render(<MediaCard media={media} onDelete={onDelete} />, { wrapper: MemoryRouter });
    const title = truncate(longPrompt, MEDIA_TITLE_PREVIEW);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText('Luna Vale')).toBeTruthy();
    expect(screen.getByText('IMAGE')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View Full Image/ }).getAttribute('href')).toBe(media.url);
    fireEvent.click(screen.getByRole('button', { name: `Delete media: ${title}` }));
    expect(onDelete).toHaveBeenCalledWith(media);
  });

  it('links a picture sent in a chat back to that chat, and shows no such link otherwise', () => {
    const generation = { jobId: 'j1', provider: 'demo', model: null, seed: null, prompt: 'p', subject: null };
    render(
      <>
        <MediaCard
          media={fakeMedia({ $id: 'm1', generation: { ...generation, chatId: 'c 1', messageId: 'x' } })}
          onDelete={vi.fn()}
        />
        <MediaCard media={fakeMedia({ $id: 'm2', generation })} onDelete={vi.fn()} />
      </>,
      { wrapper: MemoryRouter },
    );
    const links = screen.getAllByRole('link', { name: CHAT_LABELS.fromChat });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([ROUTES.chat('c 1')]);
  });

  it('loads sized WebP previews of a stored image, and any other picture as it is', () => {
    render(
      <>
        <MediaCard media={fakeMedia({ $id: 'm1', url: '/api/files/one/view' })} onDelete={vi.fn()} />
        <MediaCard media={fakeMedia({ $id: 'm2', url: 'https://img.example/a.png' })} onDelete={vi.fn()} />
      </>,
      { wrapper: MemoryRouter },
    );
    const [stored, external] = screen.getAllByRole('img') as HTMLImageElement[];
    expect(stored!.getAttribute('src')).toBe('/api/files/one/preview?width=480&output=webp');
    expect(stored!.getAttribute('srcset')).toBe(
      PREVIEW_WIDTHS.map((w) => `/api/files/one/preview?width=${w}&output=webp ${w}w`).join(', '),
    );
    expect(stored!.getAttribute('sizes')).toMatch(/300px/);
    expect(external!.getAttribute('src')).toBe('https://img.example/a.png');
    expect(external!.getAttribute('srcset')).toBeNull();
    // The full picture is still one click away.
    expect(screen.getAllByRole('link', { name: /View Full Image/ })[0]!.getAttribute('href')).toBe(
      '/api/files/one/view',
    );
  });

  it("in its compact variant links to the gallery and shows a video's thumbnail", () => {
    render(
      <MediaCard
        compact
        media={fakeMedia({
          type: 'video',
          url: '/samples/sample-video.mp4',
          thumbnail: '/api/files/t/view',
        })}
      />,
      { wrapper: MemoryRouter },
    );
    const card = screen.getByTestId('recent-media');
    // It opens the viewer, whose Back returns here.
    expect(card.getAttribute('href')).toBe(ROUTES.mediaItem(fakeMedia().$id));
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/api/files/t/preview?width=480&output=webp');
    expect(card.querySelector('video')).toBeNull();
    expect(screen.getByText('VIDEO')).toBeTruthy();
    expect(card.textContent).toContain('Luna Vale · Mar 8, 2026');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('stars and unstars the media when the gallery asks for a star', () => {
    const onFavorite = vi.fn();
    const media = fakeMedia();
    const { rerender } = render(<MediaCard media={media} onDelete={vi.fn()} onFavorite={onFavorite} />, {
      wrapper: MemoryRouter,
    });
    const title = truncate(media.prompt, MEDIA_TITLE_PREVIEW);
    fireEvent.click(screen.getByRole('button', { name: `${FAVORITE_LABELS.add}: ${title}`, pressed: false }));
    expect(onFavorite).toHaveBeenCalledWith(media, true);

    const starred = fakeMedia({ favorite: true });
    rerender(<MediaCard media={starred} onDelete={vi.fn()} onFavorite={onFavorite} />);
    fireEvent.click(
      screen.getByRole('button', { name: `${FAVORITE_LABELS.remove}: ${title}`, pressed: true }),
    );
    expect(onFavorite).toHaveBeenLastCalledWith(starred, false);
  });

  it("opens the viewer from the picture, on the gallery's query, and only in the gallery", () => {
    const video = fakeMedia({ $id: 'v 1', type: 'video', url: '/samples/sample-video.mp4', thumbnail: '' });
    render(
      <>
        <MediaCard media={fakeMedia({ $id: 'm1' })} onDelete={vi.fn()} viewerQuery="?type=image" />
        <MediaCard media={video} onDelete={vi.fn()} viewerQuery="" />
        <MediaCard media={fakeMedia({ $id: 'm3' })} onDelete={vi.fn()} />
      </>,
      { wrapper: MemoryRouter },
    );
    const links = screen.getAllByRole('link', { name: `Open ${fakeMedia().prompt}` });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/media/m1?type=image', '/media/v%201']);
    // The video still plays in its card: the play button lies over the link.
    expect(links[1]!.compareDocumentPosition(screen.getByRole('button', { name: 'Play video' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
