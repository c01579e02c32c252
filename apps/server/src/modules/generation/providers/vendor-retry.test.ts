import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../../test/fake-http-server';
import { recordingRetry } from '../../../test/retry-kit';
import { createTestClock } from '../../../test/test-app';
import { abortableSleep, retryAfterMs, retryingFetch } from './vendor-retry';

describe('retryingFetch', () => {
  let fake: FakeServer;
  const never = new AbortController().signal;
  const all = () => true;

  beforeAll(async () => {
    fake = await startFakeServer((_req, res) => void res.end('ok'));
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.clearFaults();
  });
  afterAll(() => fake.close());

  it('retries 503 with full-jitter backoff and answers the success, logging each retry', async () => {
    fake.fail(all, { status: 503 }, 2);
    const { policy, waits, warnings } = recordingRetry();
    const response = await retryingFetch(policy, 'Vendor')(`${fake.url}/v1/things?token=secret`, {
      method: 'POST',
      body: '{}',
      signal: never,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(fake.requests).toHaveLength(3);
    // Mid-range jitter under ceilings of 500 ms, then 1000 ms.
    expect(waits).toEqual([250, 500]);
    const request = `POST ${new URL(fake.url).host}/v1/things`;
    expect(warnings).toEqual([
      { vendor: 'Vendor', request, status: 503, attempt: 1, retryInMs: 250 },
      { vendor: 'Vendor', request, status: 503, attempt: 2, retryInMs: 500 },
    ]);
  });

  it.each([408, 409, 429, 500, 502, 504])('retries %i', async (status) => {
    fake.fail(all, { status });
    const { policy } = recordingRetry();
    expect((await retryingFetch(policy, 'Vendor')(fake.url)).status).toBe(200);
    expect(fake.requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422, 501])('answers %i at once', async (status) => {
    fake.fail(all, { status });
    const { policy, waits } = recordingRetry();
    expect((await retryingFetch(policy, 'Vendor')(fake.url, { method: 'POST', body: '{}' })).status).toBe(
      status,
    );
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('waits at least the Retry-After seconds, however short the backoff', async () => {
    fake.fail(all, { status: 429, retryAfter: '3' });
    const { policy, waits } = recordingRetry({ random: () => 0 });
    expect((await retryingFetch(policy, 'Vendor')(fake.url)).status).toBe(200);
    expect(waits).toEqual([3000]);
  });

  it('really sleeps through a Retry-After of one second', async () => {
    fake.fail(all, { status: 429, retryAfter: '1' });
    const { policy } = recordingRetry({ sleep: abortableSleep });
    const started = Date.now();
    expect((await retryingFetch(policy, 'Vendor')(fake.url)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(fake.requests).toHaveLength(2);
  });

  it('reads a Retry-After HTTP-date against the injected clock', async () => {
    const clock = createTestClock('2026-03-01T12:00:00Z');
    fake.fail(all, { status: 503, retryAfter: 'Sun, 01 Mar 2026 12:00:04 GMT' });
    const { policy, waits } = recordingRetry({ clock, random: () => 0 });
    expect((await retryingFetch(policy, 'Vendor')(fake.url)).status).toBe(200);
    expect(waits).toEqual([4000]);
  });

  it('gives up at once when Retry-After asks for longer than the budget', async () => {
    fake.fail(all, { status: 429, retryAfter: '60' });
    const { policy, waits } = recordingRetry();
    expect((await retryingFetch(policy, 'Vendor')(fake.url)).status).toBe(429);
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('stops before a wait would end past the budget and answers the last failure', async () => {
    fake.fail(all, { status: 502 }, 100);
    const { policy, waits } = recordingRetry({ maxMs: 2000 });
    expect((await retryingFetch(policy, 'Vendor')(fake.url)).status).toBe(502);
    expect(waits).toEqual([250, 500, 1000]);
    expect(fake.requests).toHaveLength(4);
  });

  it('makes ten attempts at most, however short the waits', async () => {
    fake.fail(all, { status: 503 }, 100);
    const { policy } = recordingRetry({ random: () => 0 });
    expect((await retryingFetch(policy, 'Vendor')(fake.url)).status).toBe(503);
    expect(fake.requests).toHaveLength(10);
  });

  it('never retries with a budget of 0', async () => {
    fake.fail(all, { status: 503 });
    const { policy } = recordingRetry({ maxMs: 0 });
    expect((await retryingFetch(policy, 'Vendor')(fake.url)).status).toBe(503);
    expect(fake.requests).toHaveLength(1);
  });

  it('sends again after a connection dropped before any answer', async () => {
    fake.fail(all, 'drop');
    const { policy, warnings } = recordingRetry();
    expect((await retryingFetch(policy, 'Vendor')(fake.url, { method: 'POST', body: '{}' })).status).toBe(
      200,
    );
    expect(fake.requests).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ status: expect.stringMatching(/^(UND_ERR_SOCKET|ECONNRESET)$/) });
  });

  it('retries a refused connection until the budget is spent, then throws the network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { policy, waits } = recordingRetry({ maxMs: 2000 });
    await expect(retryingFetch(policy, 'Vendor')(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({
      cause: { code: 'ECONNREFUSED' },
    });
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('does not send a streamed body twice', async () => {
    fake.fail(all, { status: 503 });
    const { policy } = recordingRetry();
    const body = new ReadableStream({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode('{}'));
        controller.close();
      },
    });
    const init = { method: 'POST', body, duplex: 'half' } as RequestInit;
    expect((await retryingFetch(policy, 'Vendor')(fake.url, init)).status).toBe(503);
    expect(fake.requests).toHaveLength(1);
  });

  it('ends a backoff wait as soon as the caller aborts, with the abort reason', async () => {
    fake.fail(all, { status: 503, retryAfter: '20' });
    const { policy } = recordingRetry({ sleep: abortableSleep });
    const controller = new AbortController();
    const calling = retryingFetch(policy, 'Vendor')(fake.url, { signal: controller.signal });
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort(new Error('cancelled by the user'));
    await expect(calling).rejects.toThrow('cancelled by the user');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('retryAfterMs', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('reads seconds and HTTP-dates, and nothing else', () => {
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('1.5', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
