import { describe, expect, it } from 'vitest';
import type { Media } from '@baegen/shared/contract';
import { TEST_DIALECT } from '../../test/test-app';
import { mediaRequests } from '../../test/media-kit';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`one media record by id (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  const { insertCharacter, createMedia, list } = mediaRequests(ctx);

  const get = (headers: Record<string, string> | undefined, id: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/media/${id}`, headers });

  it('answers the record as the gallery lists it, favourite and character name included', async () => {
    const characterId = await insertCharacter(alice.userId, 'Mira');
    const created = await createMedia(alice.headers, { characterId, prompt: 'Moonlit pier' });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/media/${created.$id}`,
      headers: alice.headers,
      payload: { favorite: true },
    });
    const res = await get(alice.headers, created.$id);
    expect(res.statusCode, res.body).toBe(200);
    const [listed] = (await list(alice.headers)).documents;
    expect(res.json<Media>()).toEqual(listed);
    expect(res.json<Media>()).toMatchObject({
      characterName: 'Mira',
      favorite: true,
      prompt: 'Moonlit pier',
    });
  });

  it("answers 404 for another user's record and for an unknown id, 401 without a session", async () => {
    const characterId = await insertCharacter(bob.userId, 'Bo');
    const bobs = await createMedia(bob.headers, { characterId, prompt: 'Private' });
    for (const id of [bobs.$id, 'no-such-media']) {
      const res = await get(alice.headers, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('MEDIA_NOT_FOUND');
    }
    expect((await get(undefined, bobs.$id)).statusCode).toBe(401);
    expect((await get(bob.headers, bobs.$id)).statusCode).toBe(200);
  });
});
