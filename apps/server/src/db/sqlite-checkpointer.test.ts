import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './client';
import { startCheckpointer } from './sqlite-checkpointer';

describe('checkpoints in a thread of their own', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  const open = (checkpointInThread: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-checkpoint-'));
    dirs.push(dir);
    const file = path.join(dir, 'baegen.db');
    return { file, database: createDb({ sqlitePath: file, checkpointInThread }) };
  };
  const write = async (database: ReturnType<typeof createDb>) => {
    await sql`create table notes (body text)`.execute(database.db);
    for (let i = 0; i < 50; i += 1)
      await sql`insert into notes (body) values (${'x'.repeat(20_000)})`.execute(database.db);
  };

  it('copies the log into the database file while the connection of the app never does', async () => {
    const { file, database } = open(true);
    const before = fs.statSync(file).size;
    await write(database);
    await expect.poll(() => fs.statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before + 500_000);
    await database.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('without it, leaves the log to the connection, which copies it at 1,000 pages or on closing', async () => {
    const { file, database } = open(false);
    const before = fs.statSync(file).size;
    await write(database);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fs.statSync(file).size).toBe(before);
    await database.close();
    expect(fs.statSync(file).size).toBeGreaterThan(before + 500_000);
  });

  it('says so when its thread fails, for the connection to checkpoint again itself', async () => {
    const missing = path.join(os.tmpdir(), `baegen-no-such-dir-${process.pid}`, 'baegen.db');
    const failure = await new Promise((resolve) => startCheckpointer(missing, resolve));
    expect(failure).toBeInstanceOf(Error);
  });
});
