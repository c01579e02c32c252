// Chat replies through the built server, beside a fake OpenAI-compatible model streaming 200
// tokens at a fixed cadence: what the server adds to the first token and to each next one, set
// against the same stream read straight from the model (the loopback floor), and 200 chats
// streaming at once on one instance.
import fs from 'node:fs';
import http from 'node:http';
import { freePortUrl, signIn, startServer } from './support.mjs';
import { percentile } from './streams.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'chat replies';

const TOKENS = 200;
const CADENCE_MS = 10;
const LATENCY_REPLIES = 20;
const CONCURRENT = 200;
/** The server's cap on one user's open chat streams. */
const STREAMS_PER_USER = 20;

/** The model: each completion streams TOKENS tokens `r<reply>t<i> `; when each left is kept. */
async function startFakeModel() {
  const sentAt = new Map();
  let replies = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const reply = (replies += 1);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const next = () => {
        if (res.destroyed) return;
        if (i === TOKENS) {
          const usage = { choices: [], usage: { prompt_tokens: 100, completion_tokens: TOKENS } };
          res.end(`data: ${JSON.stringify(usage)}\n\ndata: [DONE]\n\n`);
          return;
        }
        const token = `r${reply}t${i}`;
        res.write(
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `${token} ` } }] })}\n\n`,
        );
        sentAt.set(token, performance.now());
        i += 1;
        setTimeout(next, CADENCE_MS);
      };
      next();
    });
  });
  const { port, url } = await freePortUrl();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url,
    sentAt,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Reads an SSE body, calling `onEvent(event, data, arrivedAt)` per frame, until it ends. */
async function readEvents(body, onEvent) {
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of body) {
      const arrived = performance.now();
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (data !== undefined) onEvent(event, data, arrived);
      }
    }
  } catch {
    // Aborted by the reader.
  }
}

/** Per token, arrival less departure from the model; the first token's, apart. */
function delaysOf(tokens, sentAt) {
  const delays = [];
  for (const { token, arrived } of tokens) {
    const sent = sentAt.get(token);
    if (sent !== undefined) delays.push({ delay: arrived - sent, first: token.endsWith('t0') });
  }
  return delays;
}

const tokensIn = (text, arrived) => (text.match(/r\d+t\d+/g) ?? []).map((token) => ({ token, arrived }));

/** The same streams read straight from the model: what loopback and parsing cost with no server. */
async function direct(model) {
  const delays = [];
  for (let i = 0; i < LATENCY_REPLIES; i += 1) {
    const res = await fetch(`${model.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    const tokens = [];
    await readEvents(res.body, (_event, data, arrived) => {
      if (data !== '[DONE]') tokens.push(...tokensIn(data, arrived));
    });
    delays.push(...delaysOf(tokens, model.sentAt));
  }
  return delays;
}

async function json(server, cookie, method, path, body) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A chat of a new character, with its event stream open; `reply()` sends and resolves once done. */
async function openChat(server, cookie) {
  const character = await json(server, cookie, 'POST', '/api/characters', {
    name: 'Iris Vale',
    appearance: 'long dark hair',
  });
  const chat = await json(server, cookie, 'POST', `/api/characters/${character.$id}/chats`);
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/chats/${chat.$id}/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`chat events answered ${res.status}`);
  let waiting = null;
  const reading = readEvents(res.body, (event, data, arrived) => {
    if (!waiting) return;
    const parsed = JSON.parse(data);
    if (event === 'delta') waiting.tokens.push(...tokensIn(parsed.text, arrived));
    if (event === 'message' && parsed.message.$id === waiting.id && parsed.message.status !== 'streaming') {
      waiting.resolve(parsed.message.status);
    }
  });
  return {
    async reply(content) {
      const tokens = [];
      const done = new Promise((resolve) => (waiting = { tokens, resolve, id: null }));
      const sent = await json(server, cookie, 'POST', `/api/chats/${chat.$id}/messages`, { content });
      waiting.id = sent.reply.$id;
      const status = await done;
      waiting = null;
      return { status, tokens };
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

const ms = (values, p) => `${percentile(values, p).toFixed(1)} ms`;

/** @public Read by bench/run.mjs. */
export async function run() {
  const model = await startFakeModel();
  const server = await startServer({
    env: {
      CHAT_PROVIDER: 'openai',
      CHAT_BASE_URL: `${model.url}/v1`,
      CHAT_API_KEY: 'bench',
      CHAT_CONCURRENCY: String(CONCURRENT),
      AUTH_RATE_LIMIT_MAX: '1000',
    },
  });
  try {
    const floor = await direct(model);
    const cookie = await signIn(server.url);
    const chat = await openChat(server, cookie);
    const through = [];
    for (let i = 0; i < LATENCY_REPLIES; i += 1) {
      const { status, tokens } = await chat.reply(`Tell me about the harbour, take ${i}`);
      if (status !== 'done') throw new Error(`a reply ended ${status}`);
      through.push(...delaysOf(tokens, model.sentAt));
    }
    await chat.close();
    const first = (list) => list.filter((d) => d.first).map((d) => d.delay);
    const rest = (list) => list.filter((d) => !d.first).map((d) => d.delay);
    const lines = [
      `fake model: ${TOKENS} tokens per reply, one every ${CADENCE_MS} ms; ${LATENCY_REPLIES} replies one after another`,
      `first token, model -> browser stream: p50 ${ms(first(through), 50)}, p99 ${ms(first(through), 99)} (straight from the model: p50 ${ms(first(floor), 50)}, p99 ${ms(first(floor), 99)}; target: server adds p99 <= 30 ms)`,
      `each next token: p50 ${ms(rest(through), 50)}, p99 ${ms(rest(through), 99)} (straight from the model: p50 ${ms(rest(floor), 50)}, p99 ${ms(rest(floor), 99)}; target: server adds p99 <= 5 ms)`,
    ];

    const users = await Promise.all(
      Array.from({ length: CONCURRENT / STREAMS_PER_USER }, () => signIn(server.url)),
    );
    const before = rssKb(server.pid);
    const chats = [];
    for (const user of users) {
      for (let i = 0; i < STREAMS_PER_USER; i += 1) chats.push(await openChat(server, user));
    }
    const started = performance.now();
    const outcomes = await Promise.allSettled(chats.map((c, i) => c.reply(`Hello from chat ${i}`)));
    const seconds = (performance.now() - started) / 1000;
    const after = rssKb(server.pid);
    await Promise.all(chats.map((c) => c.close()));
    const errors = outcomes.filter((o) => o.status === 'rejected' || o.value.status !== 'done').length;
    const all = outcomes.flatMap((o) =>
      o.status === 'fulfilled' ? delaysOf(o.value.tokens, model.sentAt) : [],
    );
    lines.push(
      `${CONCURRENT} chats streaming at once on one instance: ${errors} errors, all done in ${seconds.toFixed(1)} s (one reply alone takes ${((TOKENS * CADENCE_MS) / 1000).toFixed(1)} s); each next token p99 ${ms(rest(all), 99)}; RSS ${(before / 1024).toFixed(0)} -> ${(after / 1024).toFixed(0)} MiB, ${((after - before) / CONCURRENT).toFixed(0)} KiB per open stream`,
    );
    return lines;
  } finally {
    await server.stop();
    await model.close();
  }
}
