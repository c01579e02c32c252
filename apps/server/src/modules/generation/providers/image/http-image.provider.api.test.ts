import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@baegen/shared';
import { type RecordedRequest, fakePng, sendJson, sha256 } from '../../../../test/fake-http-server';
import { expectFailure } from '../../../../test/generation-kit';
import { useProviderHarness } from '../../../../test/provider-test-harness';
import { TEST_DIALECT } from '../../../../test/test-app';

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

describe(`http image provider (${TEST_DIALECT})`, () => {
  const h = useProviderHarness<'error' | 'malformed' | 'slow' | 'not-an-image'>({
    env: (url) => ({ IMAGE_PROVIDER: 'http', IMAGE_HTTP_BASE_URL: url }),
    vendor: async (req, res, { mode, url }) => {
      if (req.method === 'GET') {
        if (mode === 'not-an-image') return void res.end('<html>expired</html>');
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(await fakePng(req.url));
      }
      if (mode === 'slow') return;
      if (mode === 'error') return sendJson(res, 500, { detail: 'GPU on fire' });
      if (mode === 'malformed') return sendJson(res, 200, { images: 'not a list' });
      const body = JSON.parse(req.body.toString()) as { number_of_outputs?: number };
      if (req.url === '/generate/image') return sendJson(res, 200, [`${url}/out/a.png`, `${url}/out/b.png`]);
      if (req.url === '/generate/character') {
        return sendJson(
          res,
          200,
          Array.from({ length: body.number_of_outputs ?? 0 }, (_, i) => `${url}/out/c${i}.png`),
        );
      }
      sendJson(res, 404, { detail: 'no such route' });
    },
  });

  it('sends {prompt} and stores the first URL it answers as a candidate', async () => {
    const res = await h.generate('image', { prompt: 'a knight in silver armour' });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(h.fake.requests[0]!.body.toString())).toEqual({ prompt: 'a knight in silver armour' });
    await h.expectStored(res, ['/out/a.png']);
  });

  it('sends {prompt, subject, number_of_outputs} and stores every variation', async () => {
    const { subject, res } = await h.varySubject('at the beach');
    const sent = JSON.parse(h.fake.requests[0]!.body.toString()) as {
      prompt: string;
      subject: string;
      number_of_outputs: number;
    };
    expect(sent.prompt).toBe('at the beach');
    expect(sent.number_of_outputs).toBe(4);
    expect(sent.subject.startsWith('data:image/png;base64,')).toBe(true);
    expect(sha256(Buffer.from(sent.subject.split(',')[1]!, 'base64'))).toBe(sha256(subject.data));
    await h.expectStored(res, ['/out/c0.png', '/out/c1.png', '/out/c2.png', '/out/c3.png']);
  });

  it('turns an HTTP error still standing after the retries into 502 with the service message', async () => {
    await h.failsWith('error', 'image');
    expect(posts(h.fake.requests).length).toBeGreaterThan(1);
    await h.failsWith('error', 'character');
  });

  it('rides out a 503 and a dropped connection on the request, and a 503 on the download', async () => {
    h.fake.fail((r) => r.method === 'POST', { status: 503 });
    h.fake.fail((r) => r.method === 'POST', 'drop');
    h.fake.fail((r) => r.method === 'GET', { status: 503 });
    const res = await h.generate('image', { prompt: 'a knight' });
    await h.expectStored(res, ['/out/a.png']);
    expect(h.fake.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'GET', 'GET']);
  });

  it('fails at once on a 400, having asked once', async () => {
    h.fake.fail((r) => r.method === 'POST', { status: 400 });
    const res = await h.generate('image', { prompt: 'a knight' });
    expectFailure(res, 502, 'IMAGE_GENERATION_FAILED', MESSAGES.service.imageFailed);
    expect(h.fake.requests).toHaveLength(1);
  });

  it('turns malformed output into 502', () => h.failsWith('malformed', 'image'));

  it('refuses an output URL that does not hold an image, storing nothing', async () => {
    const before = await h.ctx.database.db.selectFrom('files').select('id').execute();
    await h.failsWith('not-an-image', 'image');
    expect(h.fake.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(await h.ctx.database.db.selectFrom('files').select('id').execute()).toHaveLength(before.length);
  });

  it('gives up after the provider timeout', async () => {
    const started = Date.now();
    await h.failsWith('slow', 'image');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
