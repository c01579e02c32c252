// Recall in long chats through the built server: the full-text query that finds older messages
// again, run on the server's own database with 100,000 messages in one user's chats, and
// GET /api/chats/:id/context (the prompt of the next reply, recall included) for a 10,000-message
// chat beside a 100-message one. SQLite, and PostgreSQL when it is reachable.
import path from 'node:path';
import pg from 'pg';
import { onScratchPostgres } from './scratch-database.mjs';
import { percentile } from './streams.mjs';
import { signIn, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'chat recall (target: query p99 <= 20 ms at 100,000 messages, prompt p99 <= 15 ms)';

const CHATS = 10;
const MESSAGES_PER_CHAT = 10_000;
const SMALL_CHAT = 100;
const QUERIES = 300;
const CONTEXT_READS = 200;
const WARM_UP = 20;
const ENV = { CHAT_CONTEXT_TOKENS: '8192', CHAT_MAX_REPLY_TOKENS: '400' };

/** Words of a role-play chat; drawn with a skew (a few common, most rare), as in real text. */
const VOCABULARY = (
  'harbour lighthouse storm lamp keeper boat sail rope gull tide wave island cliff stairs night ' +
  'morning tea bread letter map compass lantern fog rain wind thunder fire hearth blanket smile ' +
  'laugh whisper kiss hand eyes hair scarf coat boots door window garden market village bell ' +
  'song story secret promise dream memory journey road forest river bridge stone shell pearl ' +
  'ship captain crew anchor deck cabin star moon sun cloud sky sea salt fish net book candle'
).split(' ');

/** A deterministic generator, so each run seeds the same chats. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const skewedWord = (next) => {
  const index = Math.floor(VOCABULARY.length * next() ** 2);
  // One word in four is a rare one of its own, so the index holds many distinct terms.
  return next() < 0.25 ? `${VOCABULARY[index]}${Math.floor(next() * 5000)}` : VOCABULARY[index];
};

const sentence = (next) =>
  Array.from({ length: 10 + Math.floor(next() * 20) }, () => skewedWord(next)).join(' ') + '.';

/** A SillyTavern chat file of `count` messages, a fact near the start, a question about it last. */
function chatFile(count, seed) {
  const next = random(seed);
  const lines = [{ user_name: 'Sam', character_name: 'Mira' }];
  for (let i = 0; i < count - 1; i += 1) {
    const mes = i === 4 ? 'My dog is called Biscuit.' : sentence(next);
    lines.push({ name: i % 2 ? 'Mira' : 'Sam', is_user: i % 2 === 0, mes });
  }
  lines.push({ name: 'Sam', is_user: true, mes: "What's my dog called?" });
  return lines.map((line) => JSON.stringify(line)).join('\n');
}

async function seed(url, cookie) {
  const post = async (route, body, type = 'application/json') => {
    const res = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { cookie, 'content-type': type },
      body,
    });
    if (res.status !== 201) throw new Error(`seeding ${route} failed: ${await res.text()}`);
    return res.json();
  };
  const character = await post(
    '/api/characters',
    JSON.stringify({ name: 'Mira', appearance: 'red scarf', description: 'A keeper.' }),
  );
  const importChat = (count, seed) =>
    post(`/api/characters/${character.$id}/chats/import`, chatFile(count, seed), 'application/jsonl');
  const large = [];
  for (let i = 0; i < CHATS; i += 1) large.push(await importChat(MESSAGES_PER_CHAT, i + 1));
  const small = await importChat(SMALL_CHAT, 99);
  return { large, small };
}

/**
 * The server's own recall code (chat-recall.repository.ts, loaded from source), run straight on the
 * database the server made: the query alone, without the HTTP and prompt around it.
 */
async function recallQuery(server, env) {
  const { register } = await import('tsx/esm/api');
  // One namespace for both imports, so they share one Kysely (its dialect checks use instanceof).
  const tsx = register({ namespace: `bench-recall-${process.pid}` });
  const source = (file) => tsx.import(`../apps/server/src/${file}`, import.meta.url);
  const { createDb } = await source('db/client.ts');
  const { ChatRecallRepository } = await source('modules/chat/chat-recall.repository.ts');
  const handle = createDb({
    sqlitePath: path.join(server.dataDir, 'baegen.db'),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  });
  const repository = new ChatRecallRepository(handle.db);
  return {
    recall: (userId, chatId, beforeSeq, terms) =>
      repository.matches({ userId, chatId, beforeSeq, terms, limit: 5 }),
    owner: async (chatId) =>
      (
        await handle.db
          .selectFrom('chats')
          .select('user_id')
          .where('id', '=', chatId)
          .executeTakeFirstOrThrow()
      ).user_id,
    close: () => handle.close(),
  };
}

/**
 * What autovacuum does within a minute of a bulk write (its insert threshold is 1,000 rows): the
 * visibility map, so index-only reads skip the table, and fresh statistics. Without it the first
 * minute after seeding reads every matched row's page as well, which a running server does not.
 */
async function settle(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze) chat_messages, chat_message_terms, chats');
  } finally {
    await client.end();
  }
}

async function timed(times, fn) {
  const took = [];
  for (let i = -WARM_UP; i < times; i += 1) {
    const started = performance.now();
    await fn(i);
    if (i >= 0) took.push(performance.now() - started);
  }
  return { p50: percentile(took, 50), p99: percentile(took, 99) };
}

const figure = ({ p50, p99 }, target) =>
  `p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms${target ? ` -> ${p99 <= target ? 'met' : 'not met'}` : ''}`;

async function measure(label, env) {
  const server = await startServer({ env: { ...ENV, ...env }, timeoutMs: 60_000 });
  const database = await recallQuery(server, env);
  try {
    const cookie = await signIn(server.url);
    const seeding = performance.now();
    const { large, small } = await seed(server.url, cookie);
    const seeded = `${CHATS * MESSAGES_PER_CHAT + SMALL_CHAT} messages seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`;
    if (env.DATABASE_URL) await settle(env.DATABASE_URL);
    const userId = await database.owner(large[0].$id);
    const queries = (chats, size) => {
      const next = random(7);
      let found = 0;
      const run = timed(QUERIES, async () => {
        const chat = chats[Math.floor(next() * chats.length)];
        const terms = Array.from({ length: 2 + Math.floor(next() * 3) }, () => skewedWord(next));
        // Before the window of an 8k context: all but the last few dozen messages.
        found += (await database.recall(userId, chat.$id, size - 60, terms)).length;
      });
      return run.then((times) => ({ ...times, found: found / (QUERIES + WARM_UP) }));
    };
    const query = await queries(large, MESSAGES_PER_CHAT);
    const smallQuery = await queries([small], SMALL_CHAT);
    const biscuit = await database.recall(userId, large[0].$id, MESSAGES_PER_CHAT - 60, ['dog', 'called']);
    const context = (chat) => () =>
      fetch(`${server.url}/api/chats/${chat.$id}/context`, { headers: { cookie } }).then(async (res) => {
        if (res.status !== 200) throw new Error(`context answered ${res.status}: ${await res.text()}`);
        return res.json();
      });
    const bigPrompt = await timed(CONTEXT_READS, context(large[0]));
    const smallPrompt = await timed(CONTEXT_READS, context(small));
    return [
      `${label} ${seeded}`,
      `  recall query (${QUERIES} queries of 2-4 words, one of ${CHATS} chats of ${MESSAGES_PER_CHAT.toLocaleString('en-US')}): ${figure(query, 20)}; ${query.found.toFixed(1)} matches a query`,
      `  recall query, ${SMALL_CHAT}-message chat: ${figure(smallQuery, 20)}; ${smallQuery.found.toFixed(1)} matches a query`,
      `  "what's my dog called?" finds: ${JSON.stringify(biscuit[0]?.content ?? null)}`,
      `  GET /context (prompt with recall, over HTTP), ${MESSAGES_PER_CHAT.toLocaleString('en-US')}-message chat: ${figure(bigPrompt, 15)}`,
      `  GET /context, ${SMALL_CHAT}-message chat: ${figure(smallPrompt, 15)}`,
    ];
  } finally {
    await database.close();
    await server.stop();
  }
}

/** @public Read by bench/run.mjs. */
export async function run() {
  const lines = [...(await measure('SQLite:', {}))];
  return [...lines, ...(await onScratchPostgres(`bench_recall_${process.pid}`, measure))];
}
