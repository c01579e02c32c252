import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  chatMessageListSchema,
  chatPaths,
  chatSchema,
  sentChatMessageSchema,
} from '@baegen/shared';
import { buildApp } from '../../app';
import { messagesOf, send, startChat, waitForMessage } from '../../test/chat-kit';
import { watchedDemoProvider } from '../../test/chat-provider-kit';
import { startServerProcess } from '../../test/server-process';
import {
  TEST_DIALECT,
  type TestContext,
  createTestApp,
  createTestDatabase,
  createTestWallet,
  signIn,
} from '../../test/test-app';

const writing = (message: ChatMessage) => message.status === 'streaming' && message.content.length > 0;

describe(`a reply across a server stop or a dead worker (${TEST_DIALECT})`, () => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });

  it('ends stopped with its text so far when the server stops mid-reply; Continue picks it up', async () => {
    const demo = watchedDemoProvider(40);
    const ctx = await createTestApp({ SHUTDOWN_GRACE_MS: '0' }, { chatProvider: demo.provider });
    contexts.push(ctx);
    const user = await signIn(ctx.app);
    const chat = await startChat(ctx.app, user);
    const { reply } = await send(ctx.app, user, chat.$id, 'Tell me everything.');
    await waitForMessage(ctx.app, user, chat.$id, reply.$id, writing);
    await ctx.app.close();

    const second = await buildApp({
      env: ctx.env,
      database: ctx.database,
      clock: ctx.clock,
      chatProvider: demo.provider,
    });
    await second.ready();
    try {
      const stopped = (await messagesOf(second, user, chat.$id)).find((m) => m.$id === reply.$id)!;
      expect(stopped.status).toBe('stopped');
      expect(stopped.content.length).toBeGreaterThan(0);
      const continued = await second.inject({
        method: 'POST',
        url: `${chatPaths.message(chat.$id, reply.$id)}/continue`,
        headers: user.headers,
      });
      expect(continued.statusCode).toBe(202);
      const done = await waitForMessage(second, user, chat.$id, reply.$id, (m) => m.status === 'done');
      expect(done.content.startsWith(stopped.content)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('stops a reply whose worker died, at start-up and on the periodic upkeep, its text kept', async () => {
    const ctx = await createTestApp({ CHAT_LEASE_MS: '1000' });
    contexts.push(ctx);
    const user = await signIn(ctx.app);
    const chat = await startChat(ctx.app, user);
    const now = ctx.clock().getTime();
    const iso = (offset: number) => new Date(now + offset).toISOString();
    // What a worker killed mid-reply leaves: a reply being written, its lease held by an instance
    // that renews it no more.
    const orphan = (id: string, seq: number, leaseUntil: number) => ({
      id,
      chat_id: chat.$id,
      user_id: user.userId,
      seq,
      role: 'assistant' as const,
      content: `Half a sentence from ${id} and`,
      swipes: '[""]',
      swipe_index: 0,
      status: 'streaming' as const,
      error_code: null,
      error_message: null,
      attachments: '[]',
      tokens: null,
      model: null,
      revision: 0,
      lease_owner: 'a-dead-instance',
      lease_expires_at: iso(leaseUntil),
      created_at: iso(-60_000),
      updated_at: iso(-60_000),
    });
    const leave = async (row: ReturnType<typeof orphan>) => {
      await ctx.database.db.insertInto('chat_messages').values(row).execute();
      await ctx.database.db
        .updateTable('chats')
        .set({ last_seq: row.seq, message_count: row.seq })
        .where('id', '=', row.chat_id)
        .execute();
    };
    await leave(orphan('deadBeforeStart0001', 2, -30_000));
    await ctx.app.close();

    const second = await buildApp({ env: ctx.env, database: ctx.database, clock: ctx.clock });
    await second.ready();
    try {
      const [, first] = await messagesOf(second, user, chat.$id);
      expect(first).toMatchObject({
        $id: 'deadBeforeStart0001',
        status: 'stopped',
        content: 'Half a sentence from deadBeforeStart0001 and',
      });

      // Another chat's worker dies while this instance runs: its lease runs out, the upkeep ends it.
      const other = await startChat(second, user);
      await leave({ ...orphan('deadWhileRunning001', 2, 500), chat_id: other.$id });
      await second.scheduler.run('chat-upkeep');
      expect((await messagesOf(second, user, other.$id))[1]).toMatchObject({ status: 'streaming' });
      ctx.clock.advance(1000);
      await second.scheduler.run('chat-upkeep');
      expect((await messagesOf(second, user, other.$id))[1]).toMatchObject({ status: 'stopped' });
      const again = await send(second, user, other.$id, 'Are you back?');
      await waitForMessage(second, user, other.$id, again.reply.$id, (m) => m.status === 'done');
    } finally {
      await second.close();
    }
  });
});

describe(`a server killed mid-reply (${TEST_DIALECT})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-chat-kill-'));
  let drop = async () => {};
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the reply stopped with its text so far, never streaming, once a server runs again', async () => {
    const database = await createTestDatabase(dataDir);
    await database.database.close();
    drop = database.drop;
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      CHAT_DEMO_DELAY_MS: '150',
      CHAT_LEASE_MS: '1000',
    };
    const first = await startServerProcess(env);
    const wallet = createTestWallet();
    const http = (base: string, method: string, url: string, cookie: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const { message } = (await (
      await http(first.base, 'POST', '/api/auth/nonce', '', { address: wallet.address })
    ).json()) as {
      message: string;
    };
    const login = await http(first.base, 'POST', '/api/auth/login', '', {
      address: wallet.address,
      message,
      signature: wallet.sign(message),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const character = (await (
      await http(first.base, 'POST', '/api/characters', cookie, { name: 'Kit', appearance: 'short hair' })
    ).json()) as { $id: string };
    const chat = chatSchema.parse(
      await (await http(first.base, 'POST', chatPaths.create(character.$id), cookie)).json(),
    );
    const { reply } = sentChatMessageSchema.parse(
      await (
        await http(first.base, 'POST', chatPaths.messages(chat.$id), cookie, { content: 'Talk to me.' })
      ).json(),
    );
    const readReply = async (base: string) => {
      const page = chatMessageListSchema.parse(
        await (await http(base, 'GET', chatPaths.messages(chat.$id), cookie)).json(),
      );
      return page.documents.find((m) => m.$id === reply.$id)!;
    };
    let seen = await readReply(first.base);
    while (!writing(seen)) {
      await sleep(50);
      seen = await readReply(first.base);
    }
    await first.kill();

    const second = await startServerProcess(env);
    try {
      let after = await readReply(second.base);
      for (let tries = 0; after.status === 'streaming' && tries < 100; tries += 1) {
        await sleep(100);
        after = await readReply(second.base);
      }
      expect(after.status).toBe('stopped');
      expect(after.content.startsWith(seen.content)).toBe(true);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
