import pg from 'pg';

/** The PostgreSQL server the benches make their databases on. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database `name` for one run and the way to drop it, or null when no server answers. */
export async function scratchDatabase(name) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * `measure('PostgreSQL:', {DATABASE_URL})` on a scratch database `name`, dropped afterwards: its
 * lines, or one saying the server was not reachable.
 */
export async function onScratchPostgres(name, measure) {
  const postgres = await scratchDatabase(name);
  if (!postgres) return ['PostgreSQL: not reachable, skipped'];
  try {
    return await measure('PostgreSQL:', { DATABASE_URL: postgres.url });
  } finally {
    await postgres.drop();
  }
}
