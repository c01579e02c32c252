import { describe, expect, it, vi } from 'vitest';
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

  it('loads on the first await, once, and tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ answer: 42 });
    const answer = lazySchemas.lazyExport(load, 'answer');
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.resolve(answer)).rejects.toThrow('Failed to fetch');
    await expect(Promise.resolve(answer)).resolves.toBe(42);
    await expect(Promise.resolve(answer)).resolves.toBe(42);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('parseOrNull answers the parsed value, or null for what does not match', async () => {
    const media = fakeMedia();
    await expect(lazySchemas.parseOrNull(lazySchemas.mediaSchema, media)).resolves.toEqual(media);
    await expect(
      lazySchemas.parseOrNull(lazySchemas.mediaSchema, { ...media, type: 'gif' }),
    ).resolves.toBeNull();
  });
});
