import { describe, expect, it } from 'vitest';
import { BULK_MAX_IDS } from '@baegen/shared/contract';
import { bulkPost, createCharacter, createMedia, listIds } from '../../test/bulk-kit';
import { expectFailure } from '../../test/generation-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

const URL = '/api/characters/bulk-delete';

describe(`POST /api/characters/bulk-delete (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  it('deletes every named character at once; their media stay, as after a single delete', async () => {
    const [a, b, kept, c] = [
      await createCharacter(ctx, alice, 'Ada'),
      await createCharacter(ctx, alice, 'Bea'),
      await createCharacter(ctx, alice, 'Kit'),
      await createCharacter(ctx, alice, 'Cleo'),
    ];
    const media = await createMedia(ctx, alice, {
      characterId: a.$id,
      url: 'https://cdn.example.com/ada.png',
    });
    expect(await listIds(ctx, alice, '/api/characters')).toHaveLength(4);

    const res = await bulkPost(ctx, alice, URL, [c.$id, a.$id, b.$id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 3 });
    expect(await listIds(ctx, alice, '/api/characters')).toEqual([kept.$id]);
    expect(await listIds(ctx, alice, '/api/media')).toEqual([media.$id]);
    const stats = await ctx.app.inject({ method: 'GET', url: '/api/media/stats', headers: alice.headers });
    expect(stats.json()).toMatchObject({ characters: 1 });
  });

  it('deletes nothing of anyone when one id is another user’s or unknown', async () => {
    const mine = [await createCharacter(ctx, alice, 'Dora'), await createCharacter(ctx, alice, 'Eve')];
    const theirs = await createCharacter(ctx, bob, 'Fay');
    const aliceBefore = await listIds(ctx, alice, '/api/characters');
    const bobBefore = await listIds(ctx, bob, '/api/characters');

    for (const ids of [
      [mine[0]!.$id, theirs.$id],
      [mine[1]!.$id, 'no-such-character'],
    ]) {
      expectFailure(await bulkPost(ctx, alice, URL, ids), 404, 'CHARACTER_NOT_FOUND', 'Character not found');
    }
    expect(await listIds(ctx, alice, '/api/characters')).toEqual(aliceBefore);
    expect(await listIds(ctx, bob, '/api/characters')).toEqual(bobBefore);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/characters/${theirs.$id}`,
      headers: bob.headers,
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses an empty, over-long or repeating list with 400, and a signed-out caller with 401', async () => {
    const one = await createCharacter(ctx, alice, 'Gia');
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => `id${index}`);
    for (const ids of [[], tooMany, [one.$id, one.$id], [''], null]) {
      const res = await bulkPost(ctx, alice, URL, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
    expect((await bulkPost(ctx, undefined, URL, [one.$id])).statusCode).toBe(401);
    expect(await listIds(ctx, alice, '/api/characters')).toContain(one.$id);
  });
});
