import { describe, expect, it } from 'vitest';
import { characterListSchema } from '@baegen/shared/contract';
import { TEST_DIALECT, type TestContext, signIn } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';

const sessionStatus = async (ctx: TestContext, cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).statusCode;

/** Deletes every session behind the app's back, as nothing in the app ever does. */
const deleteSessionsUnannounced = (ctx: TestContext) => ctx.database.db.deleteFrom('sessions').execute();

describe(`session lookups kept between requests (${TEST_DIALECT})`, () => {
  describe('by default', () => {
    const ctx = useTestApp();

    it('trusts a session it read for one second on PostgreSQL, and reads it every time on SQLite', async () => {
      const { cookie } = await signIn(ctx.app);
      expect(await sessionStatus(ctx, cookie)).toBe(200);
      await deleteSessionsUnannounced(ctx);
      expect(await sessionStatus(ctx, cookie)).toBe(TEST_DIALECT === 'postgres' ? 200 : 401);
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
