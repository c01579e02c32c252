import { describe, expect, it } from 'vitest';
import { LIST_LIMIT, SAMPLE_VIDEO_URL, UNKNOWN_CHARACTER } from '@baegen/shared/contract';
import { TEST_DIALECT, createTestWallet, signIn } from '../../test/test-app';
import { mediaRequests } from '../../test/media-kit';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`media records (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx, createTestWallet(11));
  const { insertCharacter, postMedia, deleteMedia, createMedia, list, stats } = mediaRequests(ctx);

  it('validates input with 400', async () => {
    const characterId = await insertCharacter(alice.userId, 'Validator');
    const bad = [
      { characterId, type: 'audio', prompt: 'x', url: 'https://e.com/x.png' },
      { characterId, type: 'image', prompt: '   ', url: 'https://e.com/x.png' },
      { characterId, type: 'image', prompt: 'x', url: 'javascript:alert(1)' },
      { characterId, type: 'image', prompt: 'x', url: '//evil.example.com/x.png' },
      { characterId, type: 'image', prompt: 'x', url: 'https://e.com/x.png', thumbnail: 'data:x' },
      { type: 'image', prompt: 'x', url: 'https://e.com/x.png' },
    ];
    for (const payload of bad) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: alice.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const query of ['?type=audio', '?limit=0', `?limit=${LIST_LIMIT + 1}`, '?cursor=%%%']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/media${query}`, headers: alice.headers });
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
