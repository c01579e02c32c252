import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  type GeneratedUrls,
  LIST_LIMIT,
  type ListResponse,
  type Media,
  type MediaStats,
  SAMPLE_VIDEO_URL,
  UNKNOWN_CHARACTER,
  defaultAvatarUrl,
} from '@baegen/shared/contract';
import { newId } from '../../lib/ids';
import { TEST_DIALECT, type TestContext, createTestApp, createTestWallet, signIn } from '../../test/test-app';
import { candidateFlag } from '../../test/generation-kit';

type Headers = { cookie: string };

describe(`media API (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  let alice: Headers;
  let aliceId: string;
  let bob: Headers;
  let bobId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const a = await signIn(ctx.app, createTestWallet(11));
    const b = await signIn(ctx.app, createTestWallet(12));
    alice = a.headers;
    aliceId = a.userId;
    bob = b.headers;
    bobId = b.userId;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Characters are another module's concern; rows are written straight to the table here. */
  async function insertCharacter(userId: string, name: string) {
    const id = newId();
    await ctx.database.db
      .insertInto('characters')
      .values({
        id,
        user_id: userId,
        name,
        description: '',
        attributes: '{}',
        image_url: `/api/avatars/shapes?seed=${name}&size=128`,
        created_at: new Date().toISOString(),
        updated_at: null,
      })
      .execute();
    return id;
  }

  const postMedia = (headers: Headers, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/media', headers, payload });

  const deleteMedia = (headers: Headers, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers });

  /** Each record a second after the previous one, so newest first is the reverse creation order. */
  async function createMedia(
    headers: Headers,
    body: { characterId: string; type?: 'image' | 'video'; prompt: string; url?: string },
  ) {
    ctx.clock.advance(1000);
    const res = await postMedia(headers, {
      type: 'image',
      url: `https://cdn.example.com/${newId()}.png`,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Media>();
  }

  async function list(headers: Headers, query = '') {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/media${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<Media>>();
  }

  async function stats(headers: Headers) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/media/stats', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MediaStats>();
  }

  describe('with a small collection', () => {
    let luna: string;
    let nova: string;
    let beachImage: Media;
    let beachVideo: Media;
    let cityImage: Media;

    beforeAll(async () => {
      luna = await insertCharacter(aliceId, 'Luna Starlight');
      nova = await insertCharacter(aliceId, 'Nova Beach');
      beachImage = await createMedia(alice, { characterId: luna, prompt: 'Sunset on the BEACH' });
      beachVideo = await createMedia(alice, {
        characterId: luna,
        type: 'video',
        prompt: 'Walking on the beach',
        url: SAMPLE_VIDEO_URL,
      });
      cityImage = await createMedia(alice, { characterId: nova, prompt: 'Neon city at night' });
    });

    it('creates a record owned by the caller with the derived character name', () => {
      expect(beachImage).toMatchObject({
        userId: aliceId,
        characterId: luna,
        type: 'image',
        prompt: 'Sunset on the BEACH',
        thumbnail: '',
        characterName: 'Luna Starlight',
      });
      expect(beachImage.$id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(Date.parse(cityImage.createdAt) - Date.parse(beachImage.createdAt)).toBe(2000);
    });

    it('ignores a userId or createdAt sent by the client', async () => {
      const res = await postMedia(bob, {
        characterId: await insertCharacter(bobId, 'Bob Own'),
        type: 'image',
        prompt: 'Mine',
        url: 'https://cdn.example.com/own.png',
        userId: aliceId,
        createdAt: '2000-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<Media>().userId).toBe(bobId);
      expect(res.json<Media>().createdAt).toBe(ctx.clock().toISOString());
      expect((await list(alice)).documents.map((m) => m.prompt)).not.toContain('Mine');
    });

    it('lists newest first with the total', async () => {
      const page = await list(alice);
      expect(page.total).toBe(3);
      expect(page.nextCursor).toBeNull();
      expect(page.documents.map((m) => m.$id)).toEqual([cityImage.$id, beachVideo.$id, beachImage.$id]);
    });

    it('filters by type alone', async () => {
      const videos = await list(alice, '?type=video');
      expect(videos.total).toBe(1);
      expect(videos.documents.map((m) => m.$id)).toEqual([beachVideo.$id]);
      const images = await list(alice, '?type=image');
      expect(images.documents.map((m) => m.$id)).toEqual([cityImage.$id, beachImage.$id]);
    });

    it('filters by character alone', async () => {
      const page = await list(alice, `?characterId=${nova}`);
      expect(page.total).toBe(1);
      expect(page.documents.map((m) => m.$id)).toEqual([cityImage.$id]);
    });

    it('searches the prompt case-insensitively', async () => {
      const page = await list(alice, '?search=sunSET%20on');
      expect(page.documents.map((m) => m.$id)).toEqual([beachImage.$id]);
      expect((await list(alice, '?search=NEON')).documents.map((m) => m.$id)).toEqual([cityImage.$id]);
    });

    it("searches the character's name case-insensitively", async () => {
      const page = await list(alice, '?search=starLIGHT');
      expect(page.total).toBe(2);
      expect(page.documents.every((m) => m.characterName === 'Luna Starlight')).toBe(true);
    });

    it('matches the prompt or the name in one search', async () => {
      // "beach" is in two prompts and in the name of the character of the third media.
      const page = await list(alice, '?search=beach');
      expect(page.total).toBe(3);
    });

    it('treats LIKE wildcards in the search as plain text', async () => {
      expect((await list(alice, `?search=${encodeURIComponent('%')}`)).total).toBe(0);
      expect((await list(alice, `?search=${encodeURIComponent('_')}`)).total).toBe(0);
    });

    it('combines filters with AND', async () => {
      const imageOfLuna = await list(alice, `?type=image&characterId=${luna}`);
      expect(imageOfLuna.documents.map((m) => m.$id)).toEqual([beachImage.$id]);
      const videoOnTheBeach = await list(alice, `?type=video&search=beach&characterId=${luna}`);
      expect(videoOnTheBeach.documents.map((m) => m.$id)).toEqual([beachVideo.$id]);
      const noVideoOfNova = await list(alice, `?type=video&characterId=${nova}`);
      expect(noVideoOfNova).toEqual({ total: 0, documents: [], nextCursor: null });
      const cityOfLuna = await list(alice, `?search=city&characterId=${luna}`);
      expect(cityOfLuna.total).toBe(0);
    });

    it('refuses a character of another user with 404 and stores nothing', async () => {
      const bobsCharacter = await insertCharacter(bobId, 'Bob Secret');
      const res = await postMedia(alice, {
        characterId: bobsCharacter,
        type: 'image',
        prompt: 'x',
        url: 'https://e.com/x.png',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('CHARACTER_NOT_FOUND');
      expect((await list(alice)).total).toBe(3);
      expect((await list(bob, `?characterId=${bobsCharacter}`)).total).toBe(0);
    });

    it("never shows another user's media or character names", async () => {
      const bobsMedia = await list(bob);
      expect(bobsMedia.documents.some((m) => m.userId === aliceId)).toBe(false);
      expect((await list(bob, '?search=luna')).total).toBe(0);
      expect((await list(bob, `?characterId=${luna}`)).total).toBe(0);
    });
  });

  it('validates input with 400', async () => {
    const characterId = await insertCharacter(aliceId, 'Validator');
    const bad = [
      { characterId, type: 'audio', prompt: 'x', url: 'https://e.com/x.png' },
      { characterId, type: 'image', prompt: '   ', url: 'https://e.com/x.png' },
      { characterId, type: 'image', prompt: 'x', url: 'javascript:alert(1)' },
      { characterId, type: 'image', prompt: 'x', url: '//evil.example.com/x.png' },
      { characterId, type: 'image', prompt: 'x', url: 'https://e.com/x.png', thumbnail: 'data:x' },
      { type: 'image', prompt: 'x', url: 'https://e.com/x.png' },
    ];
    for (const payload of bad) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/media', headers: alice, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const query of ['?type=audio', '?limit=0', `?limit=${LIST_LIMIT + 1}`, '?cursor=%%%']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/media${query}`, headers: alice });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('requires a session on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/media'],
      ['GET', '/api/media/stats'],
      ['POST', '/api/media'],
      ['DELETE', '/api/media/abc'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('pages past 100 with a cursor, newest first, with no gaps or repeats', async () => {
    const session = await signIn(ctx.app, createTestWallet(21));
    const characterId = await insertCharacter(session.userId, 'Pager');
    const count = LIST_LIMIT + 5;
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    // Written straight to the table so createdAt values are known, with a tie between the two
    // newest rows to exercise the id tie-breaker of the cursor.
    // The two tied rows get ids that sort the same under any collation.
    const rows = Array.from({ length: count }, (_, index) => ({
      id: index >= count - 2 ? `tie${index}${newId(8).toLowerCase()}` : newId(),
      user_id: session.userId,
      character_id: characterId,
      type: index % 2 === 0 ? ('image' as const) : ('video' as const),
      prompt: `prompt ${index}`,
      url: `https://cdn.example.com/${index}.png`,
      thumbnail: '',
      created_at: new Date(base + Math.min(index, count - 2) * 1000).toISOString(),
    }));
    await ctx.database.db.insertInto('media').values(rows).execute();

    const first = await list(session.headers);
    expect(first.total).toBe(count);
    expect(first.documents).toHaveLength(LIST_LIMIT);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(session.headers, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.total).toBe(count);
    expect(second.documents).toHaveLength(5);
    expect(second.nextCursor).toBeNull();

    const seen = [...first.documents, ...second.documents];
    const expected = [...rows]
      .sort((a, b) =>
        a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
      )
      .map((row) => row.id);
    expect(seen.map((m) => m.$id)).toEqual(expected);

    const smallPages: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?type=image&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await list(session.headers, query);
      expect(page.total).toBe(Math.ceil(count / 2));
      smallPages.push(...page.documents.map((m) => m.$id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(smallPages).toEqual(expected.filter((id) => rows.find((row) => row.id === id)!.type === 'image'));
  });

  it('shows "Unknown Character" once the character is gone, and keeps the media', async () => {
    const session = await signIn(ctx.app, createTestWallet(22));
    const characterId = await insertCharacter(session.userId, 'Ephemeral');
    const created = await createMedia(session.headers, { characterId, prompt: 'Still here' });
    expect(created.characterName).toBe('Ephemeral');
    await ctx.database.db.deleteFrom('characters').where('id', '=', characterId).execute();
    const page = await list(session.headers);
    expect(page.documents).toEqual([{ ...created, characterName: UNKNOWN_CHARACTER }]);
    expect((await list(session.headers, '?search=ephemeral')).total).toBe(0);
    expect((await list(session.headers, '?search=still')).total).toBe(1);
  });

  it('counts characters, videos, images and their sum on the server', async () => {
    const session = await signIn(ctx.app, createTestWallet(23));
    expect(await stats(session.headers)).toEqual({ characters: 0, videos: 0, images: 0, totalMedia: 0 });
    const first = await insertCharacter(session.userId, 'One');
    await insertCharacter(session.userId, 'Two');
    await createMedia(session.headers, {
      characterId: first,
      type: 'video',
      prompt: 'v',
      url: SAMPLE_VIDEO_URL,
    });
    for (const prompt of ['a', 'b', 'c']) await createMedia(session.headers, { characterId: first, prompt });
    expect(await stats(session.headers)).toEqual({ characters: 2, videos: 1, images: 3, totalMedia: 4 });
  });

  it('deletes the caller’s media with 204, and 404 afterwards', async () => {
    const session = await signIn(ctx.app, createTestWallet(24));
    const characterId = await insertCharacter(session.userId, 'Deletable');
    const kept = await createMedia(session.headers, { characterId, prompt: 'kept' });
    const gone = await createMedia(session.headers, { characterId, prompt: 'gone' });
    const res = await deleteMedia(session.headers, gone.$id);
    expect(res.statusCode).toBe(204);
    expect((await list(session.headers)).documents.map((m) => m.$id)).toEqual([kept.$id]);
    const again = await deleteMedia(session.headers, gone.$id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('MEDIA_NOT_FOUND');
  });

  it('claims the candidate files it saves and deletes a file with the last record showing it', async () => {
    const owner = await signIn(ctx.app, createTestWallet(27));
    const other = await signIn(ctx.app, createTestWallet(28));
    const characterId = await insertCharacter(owner.userId, 'Keeper');
    const generated = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate/character',
      headers: owner.headers,
      payload: { prompt: 'on a sailing boat', subject: defaultAvatarUrl('Keeper'), number_of_outputs: 3 },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const [single, shared, unsaved] = generated.json<GeneratedUrls>().urls as [string, string, string];
    const candidate = (url: string) => candidateFlag(ctx, url);
    const viewStatus = async (url: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: owner.headers })).statusCode;
    for (const url of [single, shared, unsaved]) expect(await candidate(url)).toBe(1);

    const singleMedia = await createMedia(owner.headers, { characterId, prompt: 'one', url: single });
    const sharedA = await createMedia(owner.headers, { characterId, prompt: 'a', url: shared });
    // The same stored file is saved as media once: a second record for it is refused.
    const again = await postMedia(owner.headers, { characterId, type: 'image', prompt: 'b', url: shared });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'MEDIA_ALREADY_SAVED', message: API_MESSAGES.media.alreadySaved },
    });
    expect(await candidate(single)).toBe(0);
    expect(await candidate(shared)).toBe(0);
    expect(await candidate(unsaved)).toBe(1);

    // Someone else pointing a record at the owner's file neither claims nor deletes it.
    const othersCharacter = await insertCharacter(other.userId, 'Copycat');
    const copy = await createMedia(other.headers, {
      characterId: othersCharacter,
      prompt: 'copy',
      url: unsaved,
    });
    expect(await candidate(unsaved)).toBe(1);
    const copyOfSingle = await createMedia(other.headers, {
      characterId: othersCharacter,
      prompt: 'x',
      url: single,
    });
    for (const media of [copy, copyOfSingle]) {
      const res = await deleteMedia(other.headers, media.$id);
      expect(res.statusCode).toBe(204);
    }
    expect(await viewStatus(single)).toBe(200);
    expect(await candidate(unsaved)).toBe(1);

    const remove = (id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: owner.headers });
    expect((await remove(sharedA.$id)).statusCode).toBe(204);
    expect(await viewStatus(shared)).toBe(404);
    expect((await remove(singleMedia.$id)).statusCode).toBe(204);
    expect(await viewStatus(single)).toBe(404);
    expect(await candidate(single)).toBeNull();
  });

  it('keeps one record when the same image is saved twice at once', async () => {
    const owner = await signIn(ctx.app, createTestWallet(29));
    const characterId = await insertCharacter(owner.userId, 'Twice');
    const generated = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate/image',
      headers: owner.headers,
      payload: { prompt: 'a kite over dunes' },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const [url] = generated.json<GeneratedUrls>().urls as [string];
    const saves = await Promise.all(
      [1, 2, 3].map(() => postMedia(owner.headers, { characterId, type: 'image', prompt: 'kite', url })),
    );
    expect(saves.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await list(owner.headers)).total).toBe(1);
  });

  it("answers 404 to a second user on every endpoint and changes nothing of the first user's", async () => {
    const owner = await signIn(ctx.app, createTestWallet(25));
    const intruder = await signIn(ctx.app, createTestWallet(26));
    const characterId = await insertCharacter(owner.userId, 'Private Person');
    const media = await createMedia(owner.headers, { characterId, prompt: 'private' });
    const ownerBefore = await list(owner.headers);
    const statsBefore = await stats(owner.headers);

    const del = await deleteMedia(intruder.headers, media.$id);
    expect(del.statusCode).toBe(404);
    const post = await postMedia(intruder.headers, {
      characterId,
      type: 'image',
      prompt: 'hijack',
      url: media.url,
    });
    expect(post.statusCode).toBe(404);
    const filtered = await list(intruder.headers, `?characterId=${characterId}`);
    expect(filtered).toEqual({ total: 0, documents: [], nextCursor: null });
    expect(await list(intruder.headers)).toEqual({ total: 0, documents: [], nextCursor: null });
    expect(await stats(intruder.headers)).toEqual({ characters: 0, videos: 0, images: 0, totalMedia: 0 });

    expect(await list(owner.headers)).toEqual(ownerBefore);
    expect(await stats(owner.headers)).toEqual(statsBefore);
  });
});
