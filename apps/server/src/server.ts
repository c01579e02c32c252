import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { EnvError, loadEnv } from './config/env';
import { createDb, migrateToLatest } from './db/client';

async function main() {
  const env = loadEnv();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const database = createDb({
    databaseUrl: env.DATABASE_URL,
    sqlitePath: path.join(env.DATA_DIR, 'baegen.db'),
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    checkpointInThread: true,
  });
  await migrateToLatest(database.db);

  const app = await buildApp({
    env,
    database,
    webDistDir: env.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist'),
  });
  if (env.DEV_WALLET) {
    app.log.warn(
      'DEV_WALLET is on: the built-in Development Wallet is offered at sign-in. Set DEV_WALLET=false for a public site.',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
