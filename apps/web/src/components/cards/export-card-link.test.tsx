import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { fakeCharacter } from '../../test/fake-api';
import { CharacterCard } from './character-card';
import { ExportCardLink } from './export-card-link';

describe('ExportCardLink', () => {
  it('on a character card: an icon link that downloads the card PNG, named after her', () => {
    render(
      <MemoryRouter>
        <CharacterCard character={fakeCharacter({ $id: 'id 7', name: 'Seraphina' })} onDelete={vi.fn()} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: `${MESSAGES.cards.exportLabel}: Seraphina` });
    expect(link.getAttribute('href')).toBe('/api/characters/id%207/card.png');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('as a button: labelled "Export card"', () => {
    render(<ExportCardLink characterId="abc" name="Luna" />);
    const link = screen.getByRole('link', { name: MESSAGES.cards.exportLabel });
    expect(link.getAttribute('href')).toBe('/api/characters/abc/card.png');
  });
});
