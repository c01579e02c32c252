import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAuthentication } from './auth.plugin';
import { AuthRepository, DATA_VERSIONS_CHANNEL, SESSIONS_REVOKED_CHANNEL } from './auth.repository';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { SessionCache } from './session-cache';

/** Sessions and users whose lookups an instance keeps: far more than signed-in users at once. */
const SESSION_CACHE_ENTRIES = 100_000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Wallet sign-in, sessions and `app.authenticate`, the preHandler of every signed-in route. */
export const authModule = fp(
  async (app: FastifyInstance) => {
    const { env, database, clock } = app.platform;
    await app.register(fastifyCookie);
    // Kept only where every change is heard: over the channels of PostgreSQL, in process on SQLite.
    const heard = app.channels.shared || database.dialect === 'sqlite';
    const cache =
      heard && env.SESSION_CACHE_TTL_MS > 0
        ? new SessionCache(env.SESSION_CACHE_TTL_MS, SESSION_CACHE_ENTRIES)
        : undefined;
    const auth = new AuthService(new AuthRepository(database.db, heard), clock, {
      sessionTtlMs: env.SESSION_TTL_HOURS * 3600 * 1000,
      nonceTtlMs: env.AUTH_NONCE_TTL_SECONDS * 1000,
      cache,
    });
    if (cache) {
      app.channels.listen(SESSIONS_REVOKED_CHANNEL, (tokenHash) => cache.dropSession(tokenHash));
      app.channels.listen(
        DATA_VERSIONS_CHANNEL,
        (userId) => cache.dropVersion(userId),
        () => cache.clear(),
      );
    }
    // PostgreSQL announces a write after its commit, to this instance too: it drops the writer's
    // version before the answer leaves, so their next request here never sees the old one. SQLite
    // hears the write's announcement during its transaction already.
    if (cache && app.channels.shared) {
      app.addHook('onSend', async (request) => {
        if (request.session && !READS.has(request.method)) auth.wrote(request.session.userId);
      });
    }
    registerAuthentication(app, auth, env);
    await app.register(authRoutes, { prefix: '/api/auth', auth, env });
  },
  { name: 'auth', dependencies: ['fleet'] },
);
