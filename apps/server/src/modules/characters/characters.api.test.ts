import { describe, expect, it } from 'vitest';
import { type Character, defaultAvatarUrl } from '@baegen/shared/contract';
import { LUNA, characterRequests } from '../../test/character-kit';
import { candidateFlag, generatedUrls } from '../../test/generation-kit';
import { TEST_DIALECT, signIn } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';

describe(`characters API (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const { create, list, get, patch, remove } = characterRequests(ctx);

  it('answers 401 to a signed-out caller on every endpoint', async () => {
    const calls = [
      { method: 'GET', url: '/api/characters' },
      { method: 'POST', url: '/api/characters', payload: LUNA },
      { method: 'GET', url: '/api/characters/abc' },
      { method: 'PATCH', url: '/api/characters/abc', payload: LUNA },
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
      name: LUNA.name,
      description: LUNA.description,
      imageUrl: LUNA.imageUrl,
      updatedAt: null,
    });
    expect(JSON.parse(created.attributes)).toEqual({
      appearance: LUNA.appearance,
      personality: LUNA.personality,
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
    const res = await patch(user.headers, created.$id, changes);
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

    const emptied = await patch(user.headers, created.$id, { ...changes, imageUrl: '' });
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

    const res = await remove(user.headers, created.$id);
    expect(res.statusCode).toBe(204);
    expect((await get(user.headers, created.$id)).statusCode).toBe(404);
    const again = await remove(user.headers, created.$id);
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
    const generate = async (who: { headers: Record<string, string> }) =>
      (await generatedUrls(ctx, who, 'image', { prompt: 'Portrait of Luna. silver hair' }))[0]!;
    const candidate = (url: string) => candidateFlag(ctx, url);

    const first = await generate(user);
    expect(await candidate(first)).toBe(1);
    const created = await create(user.headers, { imageUrl: first });
    expect(created.imageUrl).toBe(first);
    expect(await candidate(first)).toBe(0);

    const second = await generate(user);
    const res = await patch(user.headers, created.$id, { ...LUNA, imageUrl: second });
    expect(res.statusCode).toBe(200);
    expect(await candidate(second)).toBe(0);

    const foreign = await generate(other);
    await create(user.headers, { imageUrl: foreign });
    expect(await candidate(foreign)).toBe(1);
  });

  it("answers 404 to every endpoint called on another user's character, changing nothing", async () => {
    const owner = await signIn(ctx.app);
    const intruder = await signIn(ctx.app);
    const target = await create(owner.headers, { name: 'Private Bae', description: 'secret' });

    const read = await get(intruder.headers, target.$id);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Private Bae');
    expect((await patch(intruder.headers, target.$id, { ...LUNA, name: 'Hijacked' })).statusCode).toBe(404);
    expect((await remove(intruder.headers, target.$id)).statusCode).toBe(404);
    const intruderList = await list(intruder.headers, { search: 'Private' });
    expect(intruderList).toEqual({ total: 0, documents: [], nextCursor: null });
    const unknown = await get(intruder.headers, 'no-such-id');
    expect(unknown.statusCode).toBe(404);

    expect((await get(owner.headers, target.$id)).json()).toEqual(target);
    const ownerList = await list(owner.headers);
    expect(ownerList.documents).toEqual([target]);
  });
});
