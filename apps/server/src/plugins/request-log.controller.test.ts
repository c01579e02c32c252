import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from './request-log.controller';

async function loggedLines(level: string, requests: Array<{ method: 'GET' | 'POST'; url: string }>) {
  const lines: Array<{ level: number; msg: string; method: string; url: string; statusCode: number }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController() });
  app.get('/ok', async () => ({ ok: true }));
  app.post('/ok', async () => ({ ok: true }));
  for (const request of requests) await app.inject(request);
  await app.close();
  return lines.filter((line) => line.msg === 'request completed');
}

describe('request log', () => {
  const traffic = [
    { method: 'GET', url: '/ok' },
    { method: 'POST', url: '/ok' },
    { method: 'GET', url: '/missing' },
  ] as const;

  it('writes one line per write or failure at info, and none for a successful read', async () => {
    const lines = await loggedLines('info', [...traffic]);
    expect(lines.map((line) => [line.method, line.url, line.statusCode])).toEqual([
      ['POST', '/ok', 200],
      ['GET', '/missing', 404],
    ]);
    expect(lines.every((line) => line.level === 30)).toBe(true);
  });

  it('logs successful reads too at debug level', async () => {
    const lines = await loggedLines('debug', [...traffic]);
    expect(lines.map((line) => [line.method, line.url, line.level])).toEqual([
      ['GET', '/ok', 20],
      ['POST', '/ok', 30],
      ['GET', '/missing', 30],
    ]);
  });
});
