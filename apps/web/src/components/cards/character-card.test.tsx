import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  CHARACTER_DESCRIPTION_PREVIEW,
  FAVORITE_LABELS,
  type Character,
  ELLIPSIS,
  defaultAvatarUrl,
} from '@baegen/shared';
import { fakeCharacter as character } from '../../test/fake-api';
import { CharacterCard } from './character-card';

function renderCard(value: Character, onDelete = vi.fn()) {
  render(<CharacterCard character={value} onDelete={onDelete} />, { wrapper: MemoryRouter });
  return { onDelete };
}

describe('CharacterCard', () => {
  it(`cuts the description at ${CHARACTER_DESCRIPTION_PREVIEW} characters plus "..."`, () => {
    const long = `${'a'.repeat(CHARACTER_DESCRIPTION_PREVIEW)}TAIL`;
    renderCard(character({ description: long }));
    expect(screen.getByText(`${'a'.repeat(CHARACTER_DESCRIPTION_PREVIEW)}${ELLIPSIS}`)).toBeTruthy();
    expect(screen.queryByText(/TAIL/)).toBeNull();
  });

  it('shows a description of exactly the limit whole, without "..."', () => {
    const exact = 'b'.repeat(CHARACTER_DESCRIPTION_PREVIEW);
    renderCard(character({ description: exact }));
    expect(screen.getByText(exact)).toBeTruthy();
  });

  it('shows the name and the created date in en-US short form', () => {
    renderCard(character());
    expect(screen.getByRole('heading', { name: 'Luna Vale' })).toBeTruthy();
    expect(screen.getByText('Mar 7, 2026').getAttribute('datetime')).toBe('2026-03-07T12:00:00.000Z');
  });

  it('links Video and Image to the media form of this character, and edit to its form', () => {
    renderCard(character({ $id: 'id-7' }));
    expect(screen.getByRole('link', { name: /^Video/ }).getAttribute('href')).toBe(
      '/media/new/id-7?type=video',
    );
    expect(screen.getByRole('link', { name: /^Image/ }).getAttribute('href')).toBe(
      '/media/new/id-7?type=image',
    );
    expect(screen.getByRole('link', { name: 'Edit Luna Vale' }).getAttribute('href')).toBe(
      '/characters/edit/id-7',
    );
  });

  it('opens her profile from the picture and from the name, the name being the one tab stop', () => {
    renderCard(character({ $id: 'id-7' }));
    const links = screen.getAllByRole('link', { name: 'Luna Vale' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/characters/id-7', '/characters/id-7']);
    expect(links[0]!.contains(screen.getByRole('img', { name: 'Luna Vale' }))).toBe(true);
    expect(links[0]!.tabIndex).toBe(-1);
    expect(screen.getByRole('heading', { name: 'Luna Vale' }).contains(links[1]!)).toBe(true);
    expect(links[1]!.tabIndex).toBe(0);
  });

  it('leads Chat to her latest chat or a new one', () => {
    renderCard(character({ $id: 'id-7' }));
    expect(screen.getByRole('link', { name: 'Chat with Luna Vale' }).getAttribute('href')).toBe(
      '/chats/with/id-7',
    );
  });

  it('asks to delete this character', () => {
    const value = character();
    const { onDelete } = renderCard(value);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Luna Vale' }));
    expect(onDelete).toHaveBeenCalledWith(value);
  });

  it('falls back to the default avatar, then to a placeholder, when images fail to load', () => {
    renderCard(character());
    const image = screen.getByRole('img', { name: 'Luna Vale' });
    expect(image.getAttribute('src')).toBe('https://images.example.com/luna.png');
    fireEvent.error(image);
    const avatar = screen.getByRole('img', { name: 'Luna Vale' });
    expect(avatar.getAttribute('src')).toBe(defaultAvatarUrl('Luna Vale'));
    fireEvent.error(avatar);
    expect(screen.getByTestId('character-image-placeholder').getAttribute('aria-label')).toBe('Luna Vale');
  });

  it('in its compact variant is one link to the media form, with the picture, the name and the date', () => {
    render(<CharacterCard compact character={character({ $id: 'id-7' })} />, { wrapper: MemoryRouter });
    const card = screen.getByTestId('recent-character');
    expect(card.getAttribute('href')).toBe('/media/new/id-7');
    expect(screen.getByRole('heading', { level: 3, name: 'Luna Vale' })).toBeTruthy();
    expect(screen.getByText('Mar 7, 2026')).toBeTruthy();
    expect(card.querySelector('img')!.getAttribute('src')).toBe('https://images.example.com/luna.png');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Astronomer')).toBeNull();
  });

  it('stars and unstars the character when the list asks for a star', () => {
    const onFavorite = vi.fn();
    const starred = character({ favorite: true });
    render(<CharacterCard character={starred} onDelete={vi.fn()} onFavorite={onFavorite} />, {
      wrapper: MemoryRouter,
    });
    fireEvent.click(
      screen.getByRole('button', { name: `${FAVORITE_LABELS.remove}: Luna Vale`, pressed: true }),
    );
    expect(onFavorite).toHaveBeenCalledWith(starred, false);
  });

  it('shows no star when nothing handles it', () => {
    renderCard(character());
    expect(screen.queryByRole('button', { name: new RegExp(FAVORITE_LABELS.add) })).toBeNull();
  });
});
