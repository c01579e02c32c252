import { describe, expect, it } from 'vitest';
import { characterListSchema } from '@baegen/shared/contract';
import { TEST_DIALECT, type TestContext, signIn } from '../../test/test-app';
import { heard, useAnotherInstance, useTestApp } from '../../test/test-hooks';
import { CharactersRepository } from '../characters/characters.repository';

const sessionStatus = async (ctx: TestContext, cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).statusCode;

/** Deletes every session behind the app's back, as nothing in the app ever does. */
const deleteSessionsUnannounced = (ctx: TestContext) => ctx.database.db.deleteFrom('sessions').execute();

const characterNames = async (app: TestContext['app'], cookie: string) =>
  characterListSchema
    .parse((await app.inject({ method: 'GET', url: '/api/characters', headers: { cookie } })).json())
    .documents.map((character) => character.name);

describe(`session lookups kept between requests (${TEST_DIALECT})`, () => {
  describe('by default', () => {
    const ctx = useTestApp();

    it('trusts a session it read for one second', async () => {
      const { cookie } = await signIn(ctx.app);
      expect(await sessionStatus(ctx, cookie)).toBe(200);
      await deleteSessionsUnannounced(ctx);
      expect(await sessionStatus(ctx, cookie)).toBe(200);
      ctx.clock.advance(1000);
      expect(await sessionStatus(ctx, cookie)).toBe(401);
    });

    it("lists the writer's own change on the very next request", async () => {
      const { cookie } = await signIn(ctx.app);
      const list = async () =>
        characterListSchema.parse(
          (await ctx.app.inject({ method: 'GET', url: '/api/characters', headers: { cookie } })).json(),
        ).documents;
      expect(await list()).toEqual([]);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/characters',
        headers: { cookie },
        payload: { name: 'Nova', appearance: 'silver hair' },
      });
      expect(created.statusCode).toBe(201);
      expect((await list()).map((character) => character.name)).toEqual(['Nova']);
    });

    it('refuses a signed-out session on its next request', async () => {
      const { cookie } = await signIn(ctx.app);
      expect(await sessionStatus(ctx, cookie)).toBe(200);
      const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(out.statusCode).toBe(204);
      expect(await sessionStatus(ctx, cookie)).toBe(401);
    });
  });

  describe('changes made elsewhere', () => {
    const ctx = useTestApp();
    const other = useAnotherInstance(ctx);

    it('lists a write made outside any request, as a generation saving its media', async () => {
      const { cookie, userId } = await signIn(ctx.app);
      expect(await characterNames(ctx.app, cookie)).toEqual([]);
      await new CharactersRepository(ctx.database.db).insert({
        id: 'saved-by-a-job',
        user_id: userId,
        name: 'Ember',
        description: 'copper hair',
        attributes: '[]',
        image_url: '',
        created_at: ctx.clock().toISOString(),
        updated_at: null,
        card_data: null,
      });
      await heard(() => characterNames(ctx.app, cookie), ['Ember']);
    });

    it("refuses a session signed out through another app, and lists that app's writes", async () => {
      const { cookie } = await signIn(ctx.app);
      expect(await characterNames(ctx.app, cookie)).toEqual([]);
      await other().inject({
        method: 'POST',
        url: '/api/characters',
        headers: { cookie },
        payload: { name: 'Nova', appearance: 'silver hair' },
      });
      await heard(() => characterNames(ctx.app, cookie), ['Nova']);
      await other().inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      await heard(() => sessionStatus(ctx, cookie), 401);
    });
  });

  describe('with SESSION_CACHE_TTL_MS=0', () => {
    const ctx = useTestApp({ SESSION_CACHE_TTL_MS: '0' });

    it('reads the session on every request', async () => {
      const { cookie } = await signIn(ctx.app);
      expect(await sessionStatus(ctx, cookie)).toBe(200);
      await deleteSessionsUnannounced(ctx);
      expect(await sessionStatus(ctx, cookie)).toBe(401);
    });
  });
});
