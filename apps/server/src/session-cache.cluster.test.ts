import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterListSchema } from '@baegen/shared/contract';
import { type Who, json, signIn, waitFor } from './test/cluster-kit';
import { type ServerProcess, startServerProcess } from './test/server-process';
import { createTestDatabase } from './test/test-app';

/** The longest a change on one instance may go unseen on the other. */
const WITHIN_MS = 1000;

/**
 * Two instances that keep session lookups far longer than a second: only the announcements
 * between them can make the other instance see a sign-out or a write in time.
 */
describe('session lookups kept by two instances on one PostgreSQL database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-cluster-'));
  let dropDatabase: () => Promise<void>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const database = await createTestDatabase(dataDir);
    await database.database.close();
    dropDatabase = database.drop;
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      SESSION_CACHE_TTL_MS: '60000',
    };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const names = async (server: ServerProcess, who: Who) =>
    characterListSchema
      .parse(await (await json(server, who, 'GET', '/api/characters')).json())
      .documents.map((character) => character.name);

  it('refuses on B, within a second, a session signed out on A', async () => {
    const who = await signIn(a);
    expect((await json(b, who, 'GET', '/api/auth/session')).status).toBe(200);
    expect((await json(b, who, 'GET', '/api/auth/session')).status).toBe(200);
    expect((await json(a, who, 'POST', '/api/auth/logout')).status).toBe(204);
    const started = Date.now();
    await waitFor(
      'B to refuse the signed-out session',
      async () => ((await json(b, who, 'GET', '/api/auth/session')).status === 401 ? true : undefined),
      WITHIN_MS,
    );
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    expect((await json(a, who, 'GET', '/api/auth/session')).status).toBe(401);
  });

  it('lists on B, within a second, a character created on A after B served the list', async () => {
    const who = await signIn(a);
    expect(await names(b, who)).toEqual([]);
    expect(await names(b, who)).toEqual([]);
    const created = await json(a, who, 'POST', '/api/characters', {
      name: 'Nova',
      appearance: 'silver hair',
    });
    expect(created.status).toBe(201);
    expect(await names(a, who)).toEqual(['Nova']);
    const started = Date.now();
    await waitFor(
      'B to list the new character',
      async () => ((await names(b, who)).includes('Nova') ? true : undefined),
      WITHIN_MS,
    );
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
  });

  it('keeps each user apart: a write of one leaves the other listed as before on B', async () => {
    const [writer, reader] = [await signIn(a), await signIn(a)];
    expect(await names(b, reader)).toEqual([]);
    expect(
      (await json(a, writer, 'POST', '/api/characters', { name: 'Vex', appearance: 'a red scarf' })).status,
    ).toBe(201);
    await waitFor('B to list the writer’s character', async () =>
      (await names(b, writer)).includes('Vex') ? true : undefined,
    );
    expect(await names(b, reader)).toEqual([]);
  });
});
