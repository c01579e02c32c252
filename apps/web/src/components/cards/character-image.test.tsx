import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PREVIEW_WIDTHS, defaultAvatarUrl } from '@baegen/shared';
import { CharacterImage } from './character-image';

const preview = (width: number) => `/api/files/p1/preview?width=${width}&output=webp`;

describe('CharacterImage', () => {
  it('with sizes, loads a stored picture as sized previews, then whole, then the default avatar', () => {
    render(<CharacterImage src="/api/files/p1/view" name="Iris" alt="Iris" sizes="100vw" />);
    const image = () => screen.getByRole('img', { name: 'Iris' });
    expect(image().getAttribute('src')).toBe(preview(480));
    expect(image().getAttribute('srcset')).toBe(PREVIEW_WIDTHS.map((w) => `${preview(w)} ${w}w`).join(', '));
    expect(image().getAttribute('sizes')).toBe('100vw');

    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe('/api/files/p1/view');
    expect(image().getAttribute('srcset')).toBeNull();
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe(defaultAvatarUrl('Iris'));
  });

  it('without sizes, or for a picture stored elsewhere, loads the picture as it is', () => {
    render(
      <>
        <CharacterImage src="/api/files/p1/view" name="A" alt="A" />
        <CharacterImage src="https://images.example.com/b.png" name="B" alt="B" sizes="100vw" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'A' }).getAttribute('src')).toBe('/api/files/p1/view');
    const external = screen.getByRole('img', { name: 'B' });
    expect(external.getAttribute('src')).toBe('https://images.example.com/b.png');
    expect(external.getAttribute('srcset')).toBeNull();
  });

  it('loads lazily unless on the first screen; the likely largest paint is fetched first', () => {
    render(
      <>
        <CharacterImage src="/a.png" name="A" alt="A" />
        <CharacterImage src="/b.png" name="B" alt="B" priority="eager" />
        <CharacterImage src="/c.png" name="C" alt="C" priority="lcp" />
      </>,
    );
    const [a, b, c] = ['A', 'B', 'C'].map((name) => screen.getByRole('img', { name }));
    expect(a!.getAttribute('loading')).toBe('lazy');
    expect(b!.getAttribute('loading')).toBe('eager');
    expect(b!.getAttribute('fetchpriority')).toBeNull();
    expect(c!.getAttribute('loading')).toBe('eager');
    expect(c!.getAttribute('fetchpriority')).toBe('high');
  });
});
