import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generationListSchema } from '@baegen/shared/contract';
import { type FakeServer, fakePng, sendJson, startFakeServer } from '../test/fake-http-server';
import { expectFailure, generate } from '../test/generation-kit';
import { TEST_DIALECT } from '../test/test-app';
import { useSignedIn, useTestApp } from '../test/test-hooks';

/** Counts every TCP connection to one port on the loopback addresses, whatever it says. */
async function startHitCounter() {
  const sockets = new Set<net.Socket>();
  const count = { hits: 0 };
  const listen = (server: net.Server, host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, host, () => resolve(true));
    });
  const servers = [net.createServer(), net.createServer()];
  for (const server of servers) {
    server.on('connection', (socket) => {
      count.hits += 1;
      sockets.add(socket);
      socket.destroy();
    });
  }
  await listen(servers[0]!, '127.0.0.1', 0);
  const { port } = servers[0]!.address() as AddressInfo;
  // IPv6 loopback too where the machine has it, so [::1] probes would be seen as well.
  const both = await listen(servers[1]!, '::1', port);
  return {
    port,
    count,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        servers.slice(0, both ? 2 : 1).map((server) => new Promise((resolve) => server.close(resolve))),
      );
    },
  };
}

/**
 * The SSRF probes against both ways of asking for a character variation. The app runs the
 * a1111 provider, which downloads its subject itself, so a probe that got past the checks would
 * show up as a connection on the loopback port.
 */
describe(`SSRF probes on subject URLs (${TEST_DIALECT})`, () => {
  let vendor: FakeServer;
  let target: Awaited<ReturnType<typeof startHitCounter>>;
  beforeAll(async () => {
    vendor = await startFakeServer(async (_request, response) =>
      sendJson(response, 200, { images: [(await fakePng('img2img')).toString('base64')] }),
    );
    target = await startHitCounter();
  });
  afterAll(async () => {
    await vendor.close();
    await target.close();
  });
  const ctx = useTestApp(() => ({
    IMAGE_PROVIDER: 'a1111',
    A1111_BASE_URL: vendor.url,
    PROVIDER_TIMEOUT_MS: '2000',
    GENERATION_RATE_LIMIT_MAX: '1000',
  }));
  const user = useSignedIn(ctx);
  beforeEach(() => {
    target.count.hits = 0;
    vendor.requests.length = 0;
  });

  const probes = () => {
    const p = target.port;
    return [
      `https://127.0.0.1:${p}/a.png`,
      `https://127.1:${p}/a.png`,
      `https://2130706433:${p}/a.png`,
      `https://0x7f.0.0.1:${p}/a.png`,
      `https://0.0.0.0:${p}/a.png`,
      `https://localhost:${p}/a.png`,
      `https://localhost.:${p}/a.png`,
      `https://[::1]:${p}/a.png`,
      `https://[::]:${p}/a.png`,
      `https://[::127.0.0.1]:${p}/a.png`,
      `https://[::ffff:127.0.0.1]:${p}/a.png`,
      `https://[64:ff9b::127.0.0.1]:${p}/a.png`,
      `https://[64:ff9b:1::7f00:1]:${p}/a.png`,
      `https://[2002:7f00:1::]:${p}/a.png`,
      'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'https://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'https://[2002:a9fe:a9fe::]/latest/meta-data/',
      'https://10.0.0.1/a.png',
      'https://100.64.0.1/a.png',
      'https://172.16.0.1/a.png',
      'https://192.168.1.1/a.png',
      'https://[fd00::1]/a.png',
      'https://[fe80::1]/a.png',
      'https://224.0.0.1/a.png',
    ];
  };

  it('sees a connection when one is made, so the probes below are watched', async () => {
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(target.port, '127.0.0.1', () => resolve());
      socket.on('error', reject);
    });
    await expect.poll(() => target.count.hits).toBe(1);
  });

  it('answers 400 INVALID_SUBJECT on /api/generate/character and never connects', async () => {
    for (const subject of probes()) {
      const res = await generate(ctx, user, 'character', { prompt: 'x', subject, number_of_outputs: 1 });
      expect(res.statusCode, `${subject}: ${res.body}`).toBe(400);
      expectFailure(res, 400, 'INVALID_SUBJECT');
    }
    expect(target.count.hits).toBe(0);
    expect(vendor.requests).toHaveLength(0);
  });

  it('answers 400 INVALID_SUBJECT on POST /api/generations, before a job exists', async () => {
    for (const subject of probes()) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/generations',
        headers: user.headers,
        payload: { kind: 'character', prompt: 'x', subject },
      });
      expect(res.statusCode, `${subject}: ${res.body}`).toBe(400);
      expectFailure(res, 400, 'INVALID_SUBJECT');
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/generations', headers: user.headers });
    expect(generationListSchema.parse(list.json()).total).toBe(0);
    expect(target.count.hits).toBe(0);
    expect(vendor.requests).toHaveLength(0);
  });
});
