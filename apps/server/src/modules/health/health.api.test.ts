import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { healthSchema } from '@baegen/shared/contract';
import { createDb } from '../../db/client';
import { LocalDiskDriver } from '../../modules/storage/drivers/local-disk.driver';
import type { StorageDriver } from '../../modules/storage/storage-driver.port';
import { TEST_DIALECT } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-health-'));
const disk = new LocalDiskDriver(root);
let storageDown = false;
// The real disk driver, except that its store can be taken away, as a read-only mount would.
const driver = new Proxy(disk, {
  get(target, key, receiver) {
    if (key === 'ping' && storageDown) {
      return () =>
        Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
    }
    return Reflect.get(target, key, receiver);
  },
}) as StorageDriver;

describe(`readiness (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({}, { storageDriver: driver });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('answers 503 and names the file store when it cannot be used, and 200 again once it can', async () => {
    storageDown = true;
    const down = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(healthSchema.parse(down.json())).toEqual({
      status: 'unavailable',
      database: 'ok',
      storage: 'down',
    });
    storageDown = false;
    const up = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
  });
});

describe('readiness with the database gone', () => {
  it('reports the database down', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-health-db-'));
    // Nothing listens on port 1: every connection is refused, as with a database that went away.
    const database = createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/gone', sqlitePath: '' });
    const health = new HealthService(new HealthRepository(database.db), new LocalDiskDriver(dir));
    expect(await health.check()).toEqual({ status: 'unavailable', database: 'down', storage: 'ok' });
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
