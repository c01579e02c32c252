import type { FastifyInstance } from 'fastify';
import { type Db, pingDb } from '../../db/client';

export async function healthRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/health', async () => {
    await pingDb(opts.db);
    return { status: 'ok' };
  });
}
