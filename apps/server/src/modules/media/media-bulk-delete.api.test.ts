import { describe, expect, it } from 'vitest';
import { BULK_MAX_IDS, type Media } from '@baegen/shared/contract';
import { newId } from '../../lib/ids';
import { bulkPost, createCharacter, createMedia, listIds, viewStatus } from '../../test/bulk-kit';
import { expectFailure, uploadSubject } from '../../test/generation-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

const URL = '/api/media/bulk-delete';

describe(`POST /api/media/bulk-delete (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  /** `count` image records of `who`, each on a stored file of its own. */
  async function storedMedia(who: typeof alice, count: number) {
    const character = await createCharacter(ctx, who, 'Luna');
    const made: Media[] = [];
    for (let index = 0; index < count; index += 1) {
      const { url } = await uploadSubject(ctx, who, `#${(0x100 + index * 40).toString(16)}`);
      made.push(await createMedia(ctx, who, { characterId: character.$id, url }));
    }
    return made;
  }

  it('deletes every named record in one go, with the files no other record shows', async () => {
    const [a, b, c, kept] = await storedMedia(alice, 4);
    const character = await createCharacter(ctx, alice, 'Mira');
    const external = await createMedia(ctx, alice, {
      characterId: character.$id,
      url: `https://cdn.example.com/${newId()}.png`,
    });
    // Read once, so the page sits in the cache: the delete must make it stale.
    expect(await listIds(ctx, alice, '/api/media')).toHaveLength(5);

    const res = await bulkPost(ctx, alice, URL, [a!.$id, external.$id, c!.$id, b!.$id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 4 });
    expect(await listIds(ctx, alice, '/api/media')).toEqual([kept!.$id]);
    for (const gone of [a!, b!, c!]) expect(await viewStatus(ctx, alice, gone.url)).toBe(404);
    expect(await viewStatus(ctx, alice, kept!.url)).toBe(200);
  });

  it('keeps a file that one of the user’s characters still shows', async () => {
    const { url } = await uploadSubject(ctx, alice, '#123');
    const portrait = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers: alice.headers,
      payload: { name: 'Iris', appearance: 'red coat', imageUrl: url },
    });
    expect(portrait.statusCode, portrait.body).toBe(201);
    const media = await createMedia(ctx, alice, { characterId: portrait.json<{ $id: string }>().$id, url });
    expect((await bulkPost(ctx, alice, URL, [media.$id])).json()).toEqual({ deleted: 1 });
    expect(await viewStatus(ctx, alice, url)).toBe(200);
  });

  it('deletes nothing of anyone when one id is another user’s or unknown', async () => {
    const mine = await storedMedia(alice, 2);
    const [theirs] = await storedMedia(bob, 1);
    const aliceBefore = await listIds(ctx, alice, '/api/media');
    const bobBefore = await listIds(ctx, bob, '/api/media');

    for (const ids of [
      [mine[0]!.$id, theirs!.$id, mine[1]!.$id],
      [mine[0]!.$id, 'no-such-media'],
    ]) {
      expectFailure(await bulkPost(ctx, alice, URL, ids), 404, 'MEDIA_NOT_FOUND', 'Media not found');
    }
    expect(await listIds(ctx, alice, '/api/media')).toEqual(aliceBefore);
    expect(await listIds(ctx, bob, '/api/media')).toEqual(bobBefore);
    for (const media of mine) expect(await viewStatus(ctx, alice, media.url)).toBe(200);
    expect(await viewStatus(ctx, bob, theirs!.url)).toBe(200);
    // Bob's record stays his to delete.
    expect((await bulkPost(ctx, bob, URL, [theirs!.$id])).json()).toEqual({ deleted: 1 });
  });

  it('refuses an empty, over-long or repeating list with 400, and a signed-out caller with 401', async () => {
    const [one] = await storedMedia(alice, 1);
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => `id${index}`);
    for (const ids of [[], tooMany, [one!.$id, one!.$id], 'abc', [42]]) {
      const res = await bulkPost(ctx, alice, URL, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
    expect((await bulkPost(ctx, undefined, URL, [one!.$id])).statusCode).toBe(401);
    expect(await listIds(ctx, alice, '/api/media')).toContain(one!.$id);
  });

  it('accepts the most ids allowed at once', async () => {
    const character = await createCharacter(ctx, bob, 'Nova');
    const made: string[] = [];
    for (let index = 0; index < BULK_MAX_IDS; index += 1) {
      made.push(
        (
          await createMedia(ctx, bob, {
            characterId: character.$id,
            url: `https://cdn.example.com/${index}.png`,
          })
        ).$id,
      );
    }
    expect((await bulkPost(ctx, bob, URL, made)).json()).toEqual({ deleted: BULK_MAX_IDS });
    expect(await listIds(ctx, bob, '/api/media')).toEqual([]);
  });
});
