import { expect } from 'vitest';
import type { ListResponse, Media, MediaStats } from '@baegen/shared/contract';
import { newId } from '../lib/ids';
import type { TestContext } from './test-app';

type Headers = Record<string, string>;

/** The media API requests the media suites make, on `ctx`'s app, each checking its status. */
export function mediaRequests(ctx: TestContext) {
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

  return { insertCharacter, postMedia, deleteMedia, createMedia, list, stats };
}
