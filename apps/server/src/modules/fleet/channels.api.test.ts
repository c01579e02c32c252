import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CutProxy, startCutProxy } from '../../test/cut-proxy';
import { TEST_DIALECT, createTestDatabase } from '../../test/test-app';
import { type ChannelListener, listenToChannels } from './channels.repository';

const CHANNEL = 'baegen_test_channel';

async function waitFor(what: string, check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

if (TEST_DIALECT === 'postgres') {
  describe('the announcement channels over a connection that goes away', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-channels-'));
    let url: string;
    let drop: () => Promise<void>;
    let proxy: CutProxy;
    let notifier: pg.Client;
    let listener: ChannelListener;
    const heard: string[] = [];
    const errors: unknown[] = [];
    let resubscribed = 0;

    beforeAll(async () => {
      const database = await createTestDatabase(dataDir);
      await database.database.close();
      url = database.env.DATABASE_URL!;
      drop = database.drop;
      const target = new URL(url);
      proxy = await startCutProxy({ host: target.hostname, port: Number(target.port) });
      notifier = new pg.Client({ connectionString: url });
      await notifier.connect();
      listener = await listenToChannels(
        {
          connectionString: proxy.through(url),
          connectTimeoutMs: 300,
          retryMs: 50,
          maxRetryMs: 200,
          heartbeatMs: 200,
        },
        new Map([[CHANNEL, (payload: string) => void heard.push(payload)]]),
        { onError: (error) => void errors.push(error), onResubscribed: () => void (resubscribed += 1) },
      );
    });

    afterAll(async () => {
      await listener?.close();
      await notifier?.end();
      await proxy?.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const notify = (payload: string) => notifier.query('select pg_notify($1, $2)', [CHANNEL, payload]);

    it('hears what is announced', async () => {
      await notify('first');
      await waitFor('the first notice', () => heard.includes('first'));
    });

    it('connects and subscribes again once the database takes connections after a refused spell', async () => {
      await proxy.cut();
      await notify('while cut');
      // Long enough for several attempts to be refused.
      await sleep(1_000);
      expect(errors.length).toBeGreaterThan(2);
      expect(resubscribed).toBe(0);
      await proxy.restore();
      await waitFor('the subscription again', () => resubscribed === 1);
      await notify('after the cut');
      await waitFor('the notice after the cut', () => heard.includes('after the cut'));
      expect(heard).not.toContain('while cut');
    });

    it('finds a connection that stopped carrying anything by its heartbeat, and subscribes again', async () => {
      const before = errors.length;
      proxy.stall();
      await waitFor('the heartbeat to give up', () =>
        errors.slice(before).some((error) => /stopped answering/.test(String(error))),
      );
      await proxy.restore();
      await waitFor('the subscription again', () => resubscribed === 2);
      await notify('after the stall');
      await waitFor('the notice after the stall', () => heard.includes('after the stall'));
    });
  });
}
