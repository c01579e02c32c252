import { describe, expect, it } from 'vitest';
import { galleryQuery } from './gallery-query';

describe('galleryQuery', () => {
  it('names only the filters set, under the gallery’s own parameters', () => {
    expect(galleryQuery({})).toBe('');
    expect(galleryQuery({ characterId: 'c 1', search: '', favorite: false })).toBe('?character=c+1');
    expect(galleryQuery({ search: 'beach', type: 'video', favorite: true })).toBe(
      '?q=beach&type=video&favorite=true',
    );
  });
});
