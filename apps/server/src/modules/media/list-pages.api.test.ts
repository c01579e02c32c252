import { describe, expect, it } from 'vitest';
import type { Character, ListResponse, Media } from '@baegen/shared/contract';
import { TEST_DIALECT, signIn } from '../../test/test-app';
import { heard, useAnotherInstance, useTestApp } from '../../test/test-hooks';

// Two app instances on one database, each with its own cache of list pages: a write on either
// shows on the writer's very next list, and on the other's once it hears of it (ADR 016).
describe(`list pages stay current across writes and instances (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const other = useAnotherInstance(ctx);

  it('answers the same bytes from the cache; the writer lists its write at once, the other instance once it hears', async () => {
    const user = await signIn(ctx.app);
    const a = ctx.app;
    const b = other();
    const list = async (app: typeof a, url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: user.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res;
    };
    const names = async (app: typeof a) =>
      (await list(app, '/api/characters')).json<ListResponse<Character>>().documents.map((c) => c.name);
    const media = async (app: typeof a) =>
      (await list(app, '/api/media')).json<ListResponse<Media>>().documents;

    const created = await a.inject({
      method: 'POST',
      url: '/api/characters',
      headers: user.headers,
      payload: { name: 'Opal', appearance: 'red hair' },
    });
    const opal = created.json<Character>();
    expect(await names(a)).toEqual(['Opal']);
    expect(await names(b)).toEqual(['Opal']);
    const first = await list(a, '/api/characters');
    expect((await list(a, '/api/characters')).body).toBe(first.body);

    await b.inject({
      method: 'POST',
      url: '/api/media',
      headers: user.headers,
      payload: { characterId: opal.$id, type: 'image', prompt: 'dawn', url: 'https://img.example/1.png' },
    });
    await heard(async () => (await media(a)).map((m) => m.characterName), ['Opal']);

    // A rename changes both lists: the media list names each record's character.
    await b.inject({
      method: 'PATCH',
      url: `/api/characters/${opal.$id}`,
      headers: user.headers,
      payload: { name: 'Opal Reed', appearance: 'red hair' },
    });
    expect(await names(b)).toEqual(['Opal Reed']);
    await heard(() => names(a), ['Opal Reed']);
    await heard(async () => (await media(a)).map((m) => m.characterName), ['Opal Reed']);

    const [record] = await media(b);
    await a.inject({ method: 'DELETE', url: `/api/media/${record!.$id}`, headers: user.headers });
    expect(await media(a)).toEqual([]);
    await heard(() => media(b), []);
    await a.inject({ method: 'DELETE', url: `/api/characters/${opal.$id}`, headers: user.headers });
    expect(await names(a)).toEqual([]);
    await heard(() => names(b), []);
  });

  it("keeps each user's pages apart", async () => {
    const one = await signIn(ctx.app);
    const two = await signIn(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/characters',
      headers: one.headers,
      payload: { name: 'Juno', appearance: 'short hair' },
    });
    const seen = async (who: typeof one) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/characters', headers: who.headers }))
        .json<ListResponse<Character>>()
        .documents.map((c) => c.name);
    expect(await seen(one)).toEqual(['Juno']);
    expect(await seen(two)).toEqual([]);
  });
});
