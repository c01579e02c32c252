import { describe, expect, it } from 'vitest';
import { fakeGeneration } from '../../test/fake-api';
import { generationFormPath } from './generation-forms';

describe('generationFormPath', () => {
  it('leads images and videos to the media form, named by its job parameter', () => {
    expect(generationFormPath(fakeGeneration({ $id: 'c 1', kind: 'character' }))).toBe(
      '/media/new?job=c%201',
    );
    expect(generationFormPath(fakeGeneration({ $id: 'v1', kind: 'video' }))).toBe('/media/new?job=v1');
  });

  it("leads a portrait back to its character's form, or to a new character's", () => {
    expect(generationFormPath(fakeGeneration({ $id: 'p1', kind: 'image', characterId: 'abc' }))).toBe(
      '/characters/edit/abc?portraitJob=p1',
    );
    expect(generationFormPath(fakeGeneration({ $id: 'p2', kind: 'image', characterId: null }))).toBe(
      '/characters/new?portraitJob=p2',
    );
  });
});
