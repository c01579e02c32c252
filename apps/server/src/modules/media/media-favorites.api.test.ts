import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, Media } from '@baegen/shared/contract';
import { newId } from '../../lib/ids';
import { TEST_DIALECT, signIn } from '../../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`media favourites and sorting (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  /** Alice's media, oldest first, one second apart. */
  const made: Media[] = [];
  let bobsMedia: Media;

  async function createMedia(user: SignedIn, characterId: string, prompt: string) {
    ctx.clock.advance(1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: user.headers,
      payload: { characterId, type: 'image', prompt, url: `https://cdn.example.com/${newId()}.png` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Media>();
  }

  async function createCharacter(user: SignedIn, name: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers: user.headers,
      payload: { name, appearance: 'silver hair' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ $id: string }>().$id;
  }

  const patch = (user: SignedIn, id: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/media/${id}`,
      headers: user.headers,
      payload: payload as object,
    });

  const listResponse = (user: SignedIn, query: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/media', headers: user.headers, query });

  async function list(user: SignedIn, query: Record<string, string> = {}) {
    const res = await listResponse(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<Media>>();
  }

  /** Every page of a list, `limit` at a time, and the totals each page reported. */
  async function walk(user: SignedIn, query: Record<string, string>, limit: number) {
    const ids: string[] = [];
    const totals = new Set<number>();
    let cursor: string | null = null;
    do {
      const page = await list(user, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
      expect(page.documents.length).toBeLessThanOrEqual(limit);
      ids.push(...page.documents.map((m) => m.$id));
      totals.add(page.total);
      cursor = page.nextCursor;
    } while (cursor);
    return { ids, totals: [...totals] };
  }

  beforeAll(async () => {
    const luna = await createCharacter(alice, 'Luna');
    for (const prompt of ['one', 'two', 'three', 'four', 'five'])
      made.push(await createMedia(alice, luna, prompt));
    bobsMedia = await createMedia(bob, await createCharacter(bob, 'Bob Own'), 'bob');
  });

  it('creates media unstarred', async () => {
    expect(made.every((m) => m.favorite === false)).toBe(true);
    expect((await list(alice)).documents.every((m) => m.favorite === false)).toBe(true);
  });

  it('stars and unstars a media with PATCH, and the favourites list follows at once', async () => {
    const [, second, , fourth] = made;
    // Read first, so a cached page would be served if the write did not invalidate it.
    expect(await list(alice, { favorite: 'true' })).toEqual({ total: 0, documents: [], nextCursor: null });

    const starred = await patch(alice, second!.$id, { favorite: true });
    expect(starred.statusCode, starred.body).toBe(200);
    expect(starred.json()).toEqual({ ...second, favorite: true });
    expect((await patch(alice, fourth!.$id, { favorite: true })).statusCode).toBe(200);

    const favourites = await list(alice, { favorite: 'true' });
    expect(favourites.total).toBe(2);
    expect(favourites.documents.map((m) => m.$id)).toEqual([fourth!.$id, second!.$id]);
    expect(favourites.documents.every((m) => m.favorite)).toBe(true);
    const others = await list(alice, { favorite: 'false' });
    expect(others.total).toBe(3);
    expect(others.documents.some((m) => m.favorite)).toBe(false);
    expect((await list(alice)).total).toBe(5);

    // Starring twice is no error, and unstarring takes it out of the favourites.
    expect((await patch(alice, fourth!.$id, { favorite: true })).json<Media>().favorite).toBe(true);
    const unstarred = await patch(alice, fourth!.$id, { favorite: false });
    expect(unstarred.statusCode).toBe(200);
    expect(unstarred.json<Media>().favorite).toBe(false);
    expect((await list(alice, { favorite: 'true' })).documents.map((m) => m.$id)).toEqual([second!.$id]);

    const stats = await ctx.app.inject({ method: 'GET', url: '/api/media/stats', headers: alice.headers });
    expect(stats.json()).toMatchObject({ images: 5, totalMedia: 5 });
  });

  it('refuses a PATCH body that is not exactly {favorite: boolean} with 400', async () => {
    const target = made[0]!;
    for (const payload of [
      {},
      { favorite: 'true' },
      { favorite: 1 },
      { favorite: null },
      { favorite: true, prompt: 'x' },
    ]) {
      const res = await patch(alice, target.$id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await listResponse(alice, { favorite: 'yes' })).statusCode).toBe(400);
    expect((await listResponse(alice, { sort: 'sideways' })).statusCode).toBe(400);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/media', headers: alice.headers });
    expect(read.json<ListResponse<Media>>().documents.find((m) => m.$id === target.$id)).toEqual(target);
  });

  it("answers 404 MEDIA_NOT_FOUND to a star on another user's media or an unknown id, changing nothing", async () => {
    const aliceFirst = made[0]!;
    for (const [user, id] of [
      [bob, aliceFirst.$id],
      [alice, bobsMedia.$id],
      [alice, 'no-such-id'],
    ] as const) {
      const res = await patch(user, id, { favorite: true });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('MEDIA_NOT_FOUND');
    }
    const bobs = await list(bob);
    expect(bobs.documents).toEqual([bobsMedia]);
    expect(await list(bob, { favorite: 'true' })).toEqual({ total: 0, documents: [], nextCursor: null });
    const alices = await list(alice, { favorite: 'true' });
    expect(alices.documents.map((m) => m.$id)).not.toContain(aliceFirst.$id);
    expect(alices.documents.map((m) => m.$id)).not.toContain(bobsMedia.$id);

    const signedOut = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/media/${aliceFirst.$id}`,
      payload: { favorite: true },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('lists oldest first on request and newest first by default, paging both ways without gaps', async () => {
    const oldestFirst = made.map((m) => m.$id);
    expect((await list(alice)).documents.map((m) => m.$id)).toEqual([...oldestFirst].reverse());
    expect((await list(alice, { sort: 'newest' })).documents.map((m) => m.$id)).toEqual(
      [...oldestFirst].reverse(),
    );
    expect((await list(alice, { sort: 'oldest' })).documents.map((m) => m.$id)).toEqual(oldestFirst);

    for (const limit of [1, 2, 3]) {
      const oldest = await walk(alice, { sort: 'oldest' }, limit);
      expect(oldest.ids, `limit ${limit}`).toEqual(oldestFirst);
      expect(oldest.totals).toEqual([5]);
      const newest = await walk(alice, { sort: 'newest' }, limit);
      expect(newest.ids, `limit ${limit}`).toEqual([...oldestFirst].reverse());
    }
    expect((await walk(bob, { sort: 'oldest' }, 1)).ids).toEqual([bobsMedia.$id]);
  });

  it('breaks ties of the creation time by id in both orders', async () => {
    const user = await signIn(ctx.app);
    const characterId = await createCharacter(user, 'Tied');
    const createdAt = '2026-06-01T00:00:00.000Z';
    // Lower-case ids sort the same under any collation.
    const ids = ['tie-a', 'tie-b', 'tie-c', 'tie-d'].map((id) => `${id}-${newId(8).toLowerCase()}`);
    await ctx.database.db
      .insertInto('media')
      .values(
        ids.map((id, index) => ({
          id,
          user_id: user.userId,
          character_id: characterId,
          type: 'image' as const,
          prompt: `tied ${index}`,
          url: `https://cdn.example.com/${id}.png`,
          thumbnail: '',
          created_at: createdAt,
          favorite: index % 2,
        })),
      )
      .execute();
    expect((await walk(user, { sort: 'oldest' }, 1)).ids).toEqual(ids);
    expect((await walk(user, { sort: 'newest' }, 1)).ids).toEqual([...ids].reverse());
    const favourites = await walk(user, { sort: 'oldest', favorite: 'true' }, 1);
    expect(favourites).toEqual({ ids: [ids[1], ids[3]], totals: [2] });
    expect((await walk(user, { favorite: 'true' }, 1)).ids).toEqual([ids[3], ids[1]]);
  });

  it('refuses a cursor made for the other order with 400 INVALID_CURSOR', async () => {
    const newest = await list(alice, { limit: '2' });
    const oldest = await list(alice, { limit: '2', sort: 'oldest' });
    expect(newest.nextCursor).not.toBe(oldest.nextCursor);
    for (const [cursor, sort] of [
      [newest.nextCursor!, 'oldest'],
      [oldest.nextCursor!, 'newest'],
      [oldest.nextCursor!, ''],
    ] as const) {
      const res = await listResponse(alice, { limit: '2', cursor, ...(sort ? { sort } : {}) });
      expect(res.statusCode, `${sort} with the other cursor`).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CURSOR');
    }
  });
});
