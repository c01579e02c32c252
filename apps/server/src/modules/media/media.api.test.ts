import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_LIMIT, type Media, SAMPLE_VIDEO_URL } from '@baegen/shared/contract';
import { newId } from '../../lib/ids';
import { TEST_DIALECT, createTestWallet, signIn } from '../../test/test-app';
import { mediaRequests } from '../../test/media-kit';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`media API (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx, createTestWallet(11));
  const bob = useSignedIn(ctx, createTestWallet(12));
  const { insertCharacter, postMedia, createMedia, list } = mediaRequests(ctx);

  describe('with a small collection', () => {
    let luna: string;
    let nova: string;
    let beachImage: Media;
    let beachVideo: Media;
    let cityImage: Media;

    beforeAll(async () => {
      luna = await insertCharacter(alice.userId, 'Luna Starlight');
      nova = await insertCharacter(alice.userId, 'Nova Beach');
      beachImage = await createMedia(alice.headers, { characterId: luna, prompt: 'Sunset on the BEACH' });
      beachVideo = await createMedia(alice.headers, {
        characterId: luna,
        type: 'video',
        prompt: 'Walking on the beach',
        url: SAMPLE_VIDEO_URL,
      });
      cityImage = await createMedia(alice.headers, { characterId: nova, prompt: 'Neon city at night' });
    });

    it('creates a record owned by the caller with the derived character name', () => {
      expect(beachImage).toMatchObject({
        userId: alice.userId,
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
      const res = await postMedia(bob.headers, {
        characterId: await insertCharacter(bob.userId, 'Bob Own'),
        type: 'image',
        prompt: 'Mine',
        url: 'https://cdn.example.com/own.png',
        userId: alice.userId,
        createdAt: '2000-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<Media>().userId).toBe(bob.userId);
      expect(res.json<Media>().createdAt).toBe(ctx.clock().toISOString());
      expect((await list(alice.headers)).documents.map((m) => m.prompt)).not.toContain('Mine');
    });

    it('lists newest first with the total', async () => {
      const page = await list(alice.headers);
      expect(page.total).toBe(3);
      expect(page.nextCursor).toBeNull();
      expect(page.documents.map((m) => m.$id)).toEqual([cityImage.$id, beachVideo.$id, beachImage.$id]);
    });

    it('filters by type alone', async () => {
      const videos = await list(alice.headers, '?type=video');
      expect(videos.total).toBe(1);
      expect(videos.documents.map((m) => m.$id)).toEqual([beachVideo.$id]);
      const images = await list(alice.headers, '?type=image');
      expect(images.documents.map((m) => m.$id)).toEqual([cityImage.$id, beachImage.$id]);
    });

    it('filters by character alone', async () => {
      const page = await list(alice.headers, `?characterId=${nova}`);
      expect(page.total).toBe(1);
      expect(page.documents.map((m) => m.$id)).toEqual([cityImage.$id]);
    });

    it('searches the prompt case-insensitively', async () => {
      const page = await list(alice.headers, '?search=sunSET%20on');
      expect(page.documents.map((m) => m.$id)).toEqual([beachImage.$id]);
      expect((await list(alice.headers, '?search=NEON')).documents.map((m) => m.$id)).toEqual([
        cityImage.$id,
      ]);
    });

    it("searches the character's name case-insensitively", async () => {
      const page = await list(alice.headers, '?search=starLIGHT');
      expect(page.total).toBe(2);
      expect(page.documents.every((m) => m.characterName === 'Luna Starlight')).toBe(true);
    });

    it('matches the prompt or the name in one search', async () => {
      // "beach" is in two prompts and in the name of the character of the third media.
      const page = await list(alice.headers, '?search=beach');
      expect(page.total).toBe(3);
    });

    it('treats LIKE wildcards in the search as plain text', async () => {
      expect((await list(alice.headers, `?search=${encodeURIComponent('%')}`)).total).toBe(0);
      expect((await list(alice.headers, `?search=${encodeURIComponent('_')}`)).total).toBe(0);
    });

    it('combines filters with AND', async () => {
      const imageOfLuna = await list(alice.headers, `?type=image&characterId=${luna}`);
      expect(imageOfLuna.documents.map((m) => m.$id)).toEqual([beachImage.$id]);
      const videoOnTheBeach = await list(alice.headers, `?type=video&search=beach&characterId=${luna}`);
      expect(videoOnTheBeach.documents.map((m) => m.$id)).toEqual([beachVideo.$id]);
      const noVideoOfNova = await list(alice.headers, `?type=video&characterId=${nova}`);
      expect(noVideoOfNova).toEqual({ total: 0, documents: [], nextCursor: null });
      const cityOfLuna = await list(alice.headers, `?search=city&characterId=${luna}`);
      expect(cityOfLuna.total).toBe(0);
    });

    it('refuses a character of another user with 404 and stores nothing', async () => {
      const bobsCharacter = await insertCharacter(bob.userId, 'Bob Secret');
      const res = await postMedia(alice.headers, {
        characterId: bobsCharacter,
        type: 'image',
        prompt: 'x',
        url: 'https://e.com/x.png',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('CHARACTER_NOT_FOUND');
      expect((await list(alice.headers)).total).toBe(3);
      expect((await list(bob.headers, `?characterId=${bobsCharacter}`)).total).toBe(0);
    });

    it("never shows another user's media or character names", async () => {
      const bobsMedia = await list(bob.headers);
      expect(bobsMedia.documents.some((m) => m.userId === alice.userId)).toBe(false);
      expect((await list(bob.headers, '?search=luna')).total).toBe(0);
      expect((await list(bob.headers, `?characterId=${luna}`)).total).toBe(0);
    });
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
});
