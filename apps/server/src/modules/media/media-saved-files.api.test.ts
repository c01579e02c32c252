import { describe, expect, it } from 'vitest';
import { API_MESSAGES, defaultAvatarUrl } from '@baegen/shared/contract';
import { TEST_DIALECT, createTestWallet, signIn } from '../../test/test-app';
import { candidateFlag, generatedUrls } from '../../test/generation-kit';
import { mediaRequests } from '../../test/media-kit';
import { useTestApp } from '../../test/test-hooks';

describe(`media saved from generated files (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const { insertCharacter, postMedia, deleteMedia, createMedia, list } = mediaRequests(ctx);

  it('claims the candidate files it saves and deletes a file with the last record showing it', async () => {
    const owner = await signIn(ctx.app, createTestWallet(27));
    const other = await signIn(ctx.app, createTestWallet(28));
    const characterId = await insertCharacter(owner.userId, 'Keeper');
    const [single, shared, unsaved] = (await generatedUrls(ctx, owner, 'character', {
      prompt: 'on a sailing boat',
      subject: defaultAvatarUrl('Keeper'),
      number_of_outputs: 3,
    })) as [string, string, string];
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
    const [url] = (await generatedUrls(ctx, owner, 'image', { prompt: 'a kite over dunes' })) as [string];
    const saves = await Promise.all(
      [1, 2, 3].map(() => postMedia(owner.headers, { characterId, type: 'image', prompt: 'kite', url })),
    );
    expect(saves.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await list(owner.headers)).total).toBe(1);
  });
});
