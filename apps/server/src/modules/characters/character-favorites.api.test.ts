import { beforeAll, describe, expect, it } from 'vitest';
import { type Character, API_MESSAGES } from '@baegen/shared/contract';
import { characterRequests } from '../../test/character-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../../test/test-hooks';

const form = { name: 'Luna Vale', appearance: 'Silver hair', description: 'Astronomer', personality: 'Calm' };

describe(`character favourites and sorting (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const owner = useSignedIn(ctx);
  const intruder = useSignedIn(ctx);
  /** The owner's characters, oldest first, one second apart. */
  const made: Character[] = [];

  async function create(user: SignedIn, name: string) {
    ctx.clock.advance(1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers: user.headers,
      payload: { ...form, name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Character>();
  }

  const patch = (user: SignedIn, id: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/characters/${id}`, headers: user.headers, payload });

  const get = async (user: SignedIn, id: string) =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/characters/${id}`, headers: user.headers })
    ).json<Character>();

  const requests = characterRequests(ctx);
  const listResponse = (user: SignedIn, query: Record<string, string>) =>
    requests.listResponse(user.headers, query);
  const list = (user: SignedIn, query: Record<string, string> = {}) => requests.list(user.headers, query);

  async function walk(user: SignedIn, query: Record<string, string>, limit: number) {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(user, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
      names.push(...page.documents.map((c) => c.name));
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  }

  beforeAll(async () => {
    for (const name of ['Ada', 'Bea', 'Cleo', 'Dina', 'Eve']) made.push(await create(owner, name));
  });

  it('creates characters unstarred', () => {
    expect(made.map((c) => c.favorite)).toEqual([false, false, false, false, false]);
  });

  it('stars with {favorite} alone, leaving the form fields and updatedAt as they were', async () => {
    const bea = made[1]!;
    expect((await list(owner, { favorite: 'true' })).total).toBe(0);
    ctx.clock.advance(60_000);
    const res = await patch(owner, bea.$id, { favorite: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...bea, favorite: true });
    expect(await get(owner, bea.$id)).toEqual({ ...bea, favorite: true });

    const favourites = await list(owner, { favorite: 'true' });
    expect(favourites.total).toBe(1);
    expect(favourites.documents).toEqual([{ ...bea, favorite: true }]);
    expect((await list(owner, { favorite: 'false' })).documents.map((c) => c.name)).toEqual([
      'Eve',
      'Dina',
      'Cleo',
      'Ada',
    ]);
  });

  it('keeps the star through a full edit without favorite, and a full edit may set it too', async () => {
    const cleo = made[2]!;
    expect((await patch(owner, cleo.$id, { favorite: true })).statusCode).toBe(200);
    const edited = await patch(owner, cleo.$id, { ...form, name: 'Cleo Star' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Character>()).toMatchObject({ name: 'Cleo Star', favorite: true });
    expect(edited.json<Character>().updatedAt).toBe(ctx.clock().toISOString());

    const both = await patch(owner, cleo.$id, { ...form, name: 'Cleo', favorite: false });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<Character>()).toMatchObject({ name: 'Cleo', favorite: false });
    expect((await list(owner, { favorite: 'true' })).documents.map((c) => c.name)).toEqual(['Bea']);
  });

  it('keeps the validation and messages of a full edit; a bad favorite is a 400', async () => {
    const ada = made[0]!;
    for (const payload of [
      { name: 'Only a name' },
      { favorite: true, name: 'Ada' },
      {},
      { ...form, name: '' },
    ]) {
      const res = await patch(owner, ada.$id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: API_MESSAGES.characters.nameAndAppearanceRequired,
      });
    }
    for (const payload of [
      { favorite: 'yes' },
      { favorite: null },
      { ...form, favorite: 1 },
      { ...form, name: 42 },
    ]) {
      const res = await patch(owner, ada.$id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).not.toBe('Invalid input');
    }
    expect((await listResponse(owner, { favorite: '1' })).statusCode).toBe(400);
    expect((await listResponse(owner, { sort: 'random' })).statusCode).toBe(400);
    expect(await get(owner, ada.$id)).toEqual(ada);
  });

  it('sorts oldest first on request, pages both ways, and refuses a cursor of the other order', async () => {
    const names = await walk(owner, {}, 100);
    expect(names).toEqual(['Eve', 'Dina', 'Cleo', 'Bea', 'Ada']);
    for (const limit of [1, 2]) {
      expect(await walk(owner, { sort: 'oldest' }, limit)).toEqual(['Ada', 'Bea', 'Cleo', 'Dina', 'Eve']);
      expect(await walk(owner, { sort: 'newest' }, limit)).toEqual(names);
    }
    expect((await patch(owner, made[3]!.$id, { favorite: true })).statusCode).toBe(200);
    expect(await walk(owner, { sort: 'oldest', favorite: 'true' }, 1)).toEqual(['Bea', 'Dina']);
    expect(await walk(owner, { favorite: 'true' }, 1)).toEqual(['Dina', 'Bea']);

    const newest = await list(owner, { limit: '2' });
    const mixed = await listResponse(owner, { limit: '2', sort: 'oldest', cursor: newest.nextCursor! });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.code).toBe('INVALID_CURSOR');
  });

  it("answers 404 to a star on another user's character, changing nothing and counting nothing of theirs", async () => {
    const eve = made[4]!;
    const before = await get(owner, eve.$id);
    const res = await patch(intruder, eve.$id, { favorite: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('CHARACTER_NOT_FOUND');
    expect((await patch(intruder, 'no-such-id', { favorite: true })).statusCode).toBe(404);
    expect(await get(owner, eve.$id)).toEqual(before);
    expect(await list(intruder, { favorite: 'true' })).toEqual({ total: 0, documents: [], nextCursor: null });
    expect((await list(intruder, { sort: 'oldest' })).total).toBe(0);

    const own = await create(intruder, 'Mine');
    expect((await patch(owner, own.$id, { favorite: true })).statusCode).toBe(404);
    expect((await list(intruder, { favorite: 'true' })).total).toBe(0);
    expect((await list(owner, { favorite: 'true' })).documents.map((c) => c.name)).not.toContain('Mine');
  });
});
