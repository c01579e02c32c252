import { describe, expect, it } from 'vitest';
import * as shared from '@baegen/shared';
import { fakeMedia } from '../test/fake-api';
import * as lazySchemas from './lazy-schemas';

describe('lazy schemas', () => {
  it('each resolves to the shared schema of its name', async () => {
    const names = Object.keys(lazySchemas).filter((name) => name.endsWith('Schema'));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const schema = await (lazySchemas as unknown as Record<string, PromiseLike<unknown>>)[name];
      expect(schema, name).toBe((shared as Record<string, unknown>)[name]);
    }
  });

  it('parseOrNull answers the parsed value, or null for what does not match', async () => {
    const media = fakeMedia();
    await expect(lazySchemas.parseOrNull(lazySchemas.mediaSchema, media)).resolves.toEqual(media);
    await expect(
      lazySchemas.parseOrNull(lazySchemas.mediaSchema, { ...media, type: 'gif' }),
    ).resolves.toBeNull();
  });
});
