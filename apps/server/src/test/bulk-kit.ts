import { expect } from 'vitest';
import type { Character, ListResponse, Media } from '@baegen/shared/contract';
import type { TestContext } from './test-app';

type Who = { headers: Record<string, string> };

/** A character of `who`, made through the API. */
export async function createCharacter(ctx: TestContext, who: Who, name: string): Promise<Character> {
  ctx.clock.advance(1000);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/characters',
    headers: who.headers,
    payload: { name, appearance: `${name} has silver hair` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Character>();
}

/** A media record of `who`, made through the API, a second after the previous one. */
export async function createMedia(
  ctx: TestContext,
  who: Who,
  body: { characterId: string; url: string; type?: 'image' | 'video'; prompt?: string },
): Promise<Media> {
  ctx.clock.advance(1000);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: who.headers,
    payload: { type: 'image', prompt: 'a walk by the sea', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Media>();
}

/** The ids of the first page of a list endpoint (`/api/media` or `/api/characters`). */
export async function listIds(ctx: TestContext, who: Who, url: string): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<{ $id: string }>>().documents.map((document) => document.$id);
}

export function bulkPost(ctx: TestContext, who: Who | undefined, url: string, ids: unknown) {
  return ctx.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, payload: { ids } });
}

export async function viewStatus(ctx: TestContext, who: Who, url: string): Promise<number> {
  return (await ctx.app.inject({ method: 'GET', url, headers: who.headers })).statusCode;
}
