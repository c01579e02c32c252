import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Character,
  type CharacterInput,
  LIMITS,
  LIST_LIMIT,
  type ListResponse,
  API_MESSAGES,
  defaultAvatarUrl,
  fileIdFromUrl,
} from '@baegen/shared/contract';
import { TEST_DIALECT, type TestContext, createTestApp, signIn } from '../../test/test-app';

type Headers = { cookie: string };

const validInput: CharacterInput = {
  name: 'Luna Vale',
  description: 'A night-shift astronomer.',
  appearance: 'Silver hair, green eyes, freckles',
  personality: 'Curious and dry-witted',
  imageUrl: 'https://images.example.com/luna.png',
};

describe(`characters API (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Each create a second after the previous one, so newest first is the reverse creation order. */
  const create = async (headers: Headers, input: Partial<CharacterInput> = {}) => {
    ctx.clock.advance(1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers,
      payload: { ...validInput, ...input },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Character>();
  };

  const listResponse = (headers: Headers, query: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/characters', headers, query });

  const list = async (headers: Headers, query: Record<string, string> = {}) => {
    const res = await listResponse(headers, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<Character>>();
  };

  const get = (headers: Headers, id: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/characters/${id}`, headers });

  it('answers 401 to a signed-out caller on every endpoint', async () => {
    const calls = [
      { method: 'GET', url: '/api/characters' },
      { method: 'POST', url: '/api/characters', payload: validInput },
      { method: 'GET', url: '/api/characters/abc' },
      { method: 'PATCH', url: '/api/characters/abc', payload: validInput },
      { method: 'DELETE', url: '/api/characters/abc' },
    ] as const;
    for (const call of calls) {
      const res = await ctx.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('creates a character owned by the signed-in wallet and reads it back', async () => {
    const user = await signIn(ctx.app);
    const created = await create(user.headers);
    expect(created).toMatchObject({
      userId: user.userId,
      name: validInput.name,
      description: validInput.description,
      imageUrl: validInput.imageUrl,
      updatedAt: null,
    });
    expect(JSON.parse(created.attributes)).toEqual({
      appearance: validInput.appearance,
      personality: validInput.personality,
    });
    expect(created.$id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(created.createdAt).toBe(ctx.clock().toISOString());

    const read = await get(user.headers, created.$id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('stores the default avatar seeded by the name when the image URL is empty', async () => {
    const user = await signIn(ctx.app);
    const created = await create(user.headers, { name: 'Ava Blue', imageUrl: '' });
    expect(created.imageUrl).toBe(defaultAvatarUrl('Ava Blue'));
    const withoutField = await create(user.headers, { name: 'Mia', imageUrl: undefined });
    expect(withoutField.imageUrl).toBe(defaultAvatarUrl('Mia'));
  });

  it('accepts an image URL on our own /api/ paths', async () => {
    const user = await signIn(ctx.app);
    const created = await create(user.headers, { imageUrl: '/api/files/abc123/view' });
    expect(created.imageUrl).toBe('/api/files/abc123/view');
  });

  it('updates name, description, attributes, image URL and updatedAt, keeping createdAt', async () => {
    const user = await signIn(ctx.app);
    const created = await create(user.headers);
    const changes = {
      name: 'Luna Frost',
      description: 'Retired astronomer',
      appearance: 'Short white hair',
      personality: 'Calm',
      imageUrl: 'http://images.example.com/frost.jpg',
    };
    ctx.clock.advance(60_000);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/characters/${created.$id}`,
      headers: user.headers,
      payload: changes,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Character>();
    expect(updated).toMatchObject({
      $id: created.$id,
      userId: user.userId,
      name: changes.name,
      description: changes.description,
      imageUrl: changes.imageUrl,
      createdAt: created.createdAt,
    });
    expect(JSON.parse(updated.attributes)).toEqual({ appearance: 'Short white hair', personality: 'Calm' });
    expect(updated.updatedAt).toBe(ctx.clock().toISOString());
    expect((await get(user.headers, created.$id)).json()).toEqual(updated);

    const emptied = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/characters/${created.$id}`,
      headers: user.headers,
      payload: { ...changes, imageUrl: '' },
    });
    expect(emptied.json<Character>().imageUrl).toBe(defaultAvatarUrl('Luna Frost'));
  });

  it('deletes a character and keeps its media rows', async () => {
    const user = await signIn(ctx.app);
    const created = await create(user.headers);
    await ctx.database.db
      .insertInto('media')
      .values({
        id: 'media-of-deleted-character',
        user_id: user.userId,
        character_id: created.$id,
        type: 'image',
        prompt: 'on a beach',
        url: '/api/files/x/view',
        thumbnail: '',
        created_at: new Date().toISOString(),
      })
      .execute();

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/characters/${created.$id}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(204);
    expect((await get(user.headers, created.$id)).statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/characters/${created.$id}`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(404);

    const media = await ctx.database.db
      .selectFrom('media')
      .select('character_id')
      .where('id', '=', 'media-of-deleted-character')
      .executeTakeFirst();
    expect(media?.character_id).toBe(created.$id);
  });

  it('keeps a generated portrait file once a character saves it, but never one of another user', async () => {
    const user = await signIn(ctx.app);
    const other = await signIn(ctx.app);
    const generate = async (headers: Headers) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/generate/image',
        headers,
        payload: { prompt: 'Portrait of Luna. silver hair' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ urls: string[] }>().urls[0]!;
    };
    const candidate = async (url: string) => {
      const id = fileIdFromUrl(url);
      expect(id).not.toBeNull();
      const row = await ctx.database.db
        .selectFrom('files')
        .select('candidate')
        .where('id', '=', id!)
        .executeTakeFirstOrThrow();
      return row.candidate;
    };

    const first = await generate(user.headers);
    expect(await candidate(first)).toBe(1);
    const created = await create(user.headers, { imageUrl: first });
    expect(created.imageUrl).toBe(first);
    expect(await candidate(first)).toBe(0);

    const second = await generate(user.headers);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/characters/${created.$id}`,
      headers: user.headers,
      payload: { ...validInput, imageUrl: second },
    });
    expect(res.statusCode).toBe(200);
    expect(await candidate(second)).toBe(0);

    const foreign = await generate(other.headers);
    await create(user.headers, { imageUrl: foreign });
    expect(await candidate(foreign)).toBe(1);
  });

  it('lists newest first with the total', async () => {
    const user = await signIn(ctx.app);
    const names = ['First', 'Second', 'Third'];
    for (const name of names) await create(user.headers, { name });
    const page = await list(user.headers);
    expect(page.documents.map((c) => c.name)).toEqual(['Third', 'Second', 'First']);
    expect(page.total).toBe(3);
    expect(page.nextCursor).toBeNull();
  });

  it('searches name and description case-insensitively, taking % and _ literally', async () => {
    const user = await signIn(ctx.app);
    await create(user.headers, { name: 'Scarlett Rose', description: 'Opera singer' });
    await create(user.headers, { name: 'Nadia', description: 'Loves ROSES and rain' });
    await create(user.headers, { name: 'Ivy', description: 'Gardener', appearance: 'rose tattoo' });
    await create(user.headers, { name: '100% Real', description: 'under_score' });
    await create(user.headers, { name: '100 Percent', description: 'underXscore' });

    const roses = await list(user.headers, { search: 'rOsE' });
    expect(roses.documents.map((c) => c.name).sort()).toEqual(['Nadia', 'Scarlett Rose']);
    expect(roses.total).toBe(2);

    expect((await list(user.headers, { search: 'OPERA' })).documents.map((c) => c.name)).toEqual([
      'Scarlett Rose',
    ]);
    expect((await list(user.headers, { search: '0%' })).documents.map((c) => c.name)).toEqual(['100% Real']);
    expect((await list(user.headers, { search: 'r_s' })).total).toBe(1);
    expect((await list(user.headers, { search: 'r_s' })).documents[0]?.name).toBe('100% Real');
    expect((await list(user.headers, { search: 'zzz-nothing' })).total).toBe(0);
    expect((await list(user.headers, { search: '   ' })).total).toBe(5);
  });

  it(`pages past ${LIST_LIMIT} with cursors, without duplicates`, async () => {
    const user = await signIn(ctx.app);
    const count = 2 * LIST_LIMIT + 5;
    for (let i = 0; i < count; i += 1) await create(user.headers, { name: `Bae ${i}` });

    const first = await list(user.headers);
    expect(first.documents).toHaveLength(LIST_LIMIT);
    expect(first.total).toBe(count);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(user.headers, { cursor: first.nextCursor! });
    expect(second.documents).toHaveLength(LIST_LIMIT);
    expect(second.total).toBe(count);
    const third = await list(user.headers, { cursor: second.nextCursor! });
    expect(third.documents).toHaveLength(5);
    expect(third.nextCursor).toBeNull();

    const all = [...first.documents, ...second.documents, ...third.documents];
    expect(new Set(all.map((c) => c.$id)).size).toBe(count);
    const keys = all.map((c) => `${c.createdAt}|${c.$id}`);
    expect(keys).toEqual([...keys].sort().reverse());

    const searched = await list(user.headers, { search: 'bae 1', limit: '10' });
    // "Bae 1", "Bae 10".."Bae 19", "Bae 100".."Bae 199"
    expect(searched.total).toBe(111);
    expect(searched.documents).toHaveLength(10);
    const rest = await list(user.headers, { search: 'bae 1', limit: '100', cursor: searched.nextCursor! });
    expect(rest.documents).toHaveLength(LIST_LIMIT);
    const last = await list(user.headers, { search: 'bae 1', cursor: rest.nextCursor! });
    expect(last.documents).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
    const found = [...searched.documents, ...rest.documents, ...last.documents];
    expect(found.every((c) => c.name.startsWith('Bae 1'))).toBe(true);
    expect(new Set(found.map((c) => c.$id)).size).toBe(111);
  });

  it('refuses a bad list query with 400', async () => {
    const user = await signIn(ctx.app);
    const tooMany = await listResponse(user.headers, { limit: String(LIST_LIMIT + 1) });
    expect(tooMany.statusCode).toBe(400);
    const badCursor = await listResponse(user.headers, { cursor: 'not-a-cursor' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.code).toBe('INVALID_CURSOR');
  });

  it('answers 400 with a clear message to invalid input on create and update', async () => {
    const user = await signIn(ctx.app);
    const existing = await create(user.headers);
    const required = [
      { name: '' },
      { name: '   ' },
      { appearance: '' },
      { appearance: ' \n ' },
      { name: undefined, appearance: undefined },
    ];
    const tooLong = [
      { name: 'x'.repeat(LIMITS.characterName + 1) },
      { description: 'x'.repeat(LIMITS.characterText + 1) },
      { appearance: 'x'.repeat(LIMITS.characterText + 1) },
      { personality: 'x'.repeat(LIMITS.characterText + 1) },
    ];
    const badUrls = [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example.com/x.png',
      'ftp://example.com/x.png',
      '/etc/passwd',
    ].map((imageUrl) => ({ imageUrl }));

    for (const [method, url] of [
      ['POST', '/api/characters'],
      ['PATCH', `/api/characters/${existing.$id}`],
    ] as const) {
      for (const change of required) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: user.headers,
          payload: { ...validInput, ...change },
        });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().error).toEqual({
          code: 'VALIDATION_ERROR',
          message: API_MESSAGES.characters.nameAndAppearanceRequired,
        });
      }
      for (const change of [...tooLong, ...badUrls]) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: user.headers,
          payload: { ...validInput, ...change },
        });
        expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }
      const wrongType = await ctx.app.inject({
        method,
        url,
        headers: user.headers,
        payload: { ...validInput, name: 42 },
      });
      expect(wrongType.statusCode).toBe(400);
    }

    const atLimit = await create(user.headers, { name: 'n'.repeat(LIMITS.characterName) });
    expect(atLimit.name).toHaveLength(LIMITS.characterName);
    expect((await get(user.headers, existing.$id)).json()).toEqual(existing);
    expect((await list(user.headers)).total).toBe(2);
  });

  it("answers 404 to every endpoint called on another user's character, changing nothing", async () => {
    const owner = await signIn(ctx.app);
    const intruder = await signIn(ctx.app);
    const target = await create(owner.headers, { name: 'Private Bae', description: 'secret' });
    const url = `/api/characters/${target.$id}`;

    const read = await get(intruder.headers, target.$id);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Private Bae');
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: intruder.headers,
      payload: { ...validInput, name: 'Hijacked' },
    });
    expect(patch.statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url, headers: intruder.headers });
    expect(del.statusCode).toBe(404);
    const intruderList = await list(intruder.headers, { search: 'Private' });
    expect(intruderList).toEqual({ total: 0, documents: [], nextCursor: null });
    const unknown = await get(intruder.headers, 'no-such-id');
    expect(unknown.statusCode).toBe(404);

    expect((await get(owner.headers, target.$id)).json()).toEqual(target);
    const ownerList = await list(owner.headers);
    expect(ownerList.documents).toEqual([target]);
  });
});
