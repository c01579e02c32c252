import { expect } from 'vitest';
import type { Character, CharacterInput, ListResponse } from '@baegen/shared/contract';
import type { TestContext } from './test-app';

type Headers = Record<string, string>;

export const LUNA: CharacterInput = {
  name: 'Luna Vale',
  description: 'A night-shift astronomer.',
  appearance: 'Silver hair, green eyes, freckles',
  personality: 'Curious and dry-witted',
  imageUrl: 'https://images.example.com/luna.png',
};

/** The characters API requests the character suites make, on `ctx`'s app. */
export function characterRequests(ctx: TestContext) {
  /** Each create a second after the previous one, so newest first is the reverse creation order. */
  const create = async (headers: Headers, input: Partial<CharacterInput> = {}) => {
    ctx.clock.advance(1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers,
      payload: { ...LUNA, ...input },
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

  const patch = (headers: Headers, id: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/characters/${id}`, headers, payload });

  const remove = (headers: Headers, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/characters/${id}`, headers });

  return { create, listResponse, list, get, patch, remove };
}
