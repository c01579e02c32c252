import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeServer, startFakeServer } from '../../test/fake-http-server';
import { recordingRetry } from '../../test/retry-kit';
import { type PublicFetchGuard, fetchBytes, fetchPublicBytes, pinnedLookup } from './fetch-bytes';
import { abortableSleep } from './providers/vendor-retry';
import { isPublicAddress } from './public-host';

const refused = { statusCode: 400, code: 'INVALID_SUBJECT' };
const IMAGE = Buffer.from('not really a png, but bytes all the same');

describe('fetchBytes', () => {
  let vendor: FakeServer;
  const never = new AbortController().signal;
  const all = () => true;
  beforeAll(async () => {
    vendor = await startFakeServer((request, response) => {
      if (request.url === '/missing') {
        response.writeHead(404);
        return void response.end();
      }
      response.end(IMAGE);
    });
  });
  afterAll(() => vendor.close());
  beforeEach(() => {
    vendor.requests.length = 0;
    vendor.clearFaults();
  });

  it('downloads again after a 503, a dropped connection and a body cut off midway', async () => {
    vendor.fail(all, { status: 503 });
    vendor.fail(all, 'drop');
    vendor.fail(all, 'cut');
    const { policy, warnings } = recordingRetry();
    await expect(fetchBytes(`${vendor.url}/out.mp4?sig=secret`, 1024, never, policy)).resolves.toEqual(IMAGE);
    expect(vendor.requests).toHaveLength(4);
    expect(warnings.map((warning) => warning.request)).toEqual(
      Array(3).fill(`GET ${new URL(vendor.url).host}/out.mp4`),
    );
  });

  it('fails at once on a 404, and after its retries on a 503 that stays', async () => {
    await expect(fetchBytes(`${vendor.url}/missing`, 1024, never, recordingRetry().policy)).rejects.toThrow(
      'Fetching a provider output answered HTTP 404',
    );
    expect(vendor.requests).toHaveLength(1);
    vendor.fail(all, { status: 503 }, 100);
    const { policy, waits } = recordingRetry({ maxMs: 2000 });
    await expect(fetchBytes(`${vendor.url}/a.png`, 1024, never, policy)).rejects.toThrow(
      'Fetching a provider output answered HTTP 503',
    );
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('stops waiting to download again as soon as the caller aborts', async () => {
    vendor.fail(all, { status: 429, retryAfter: '20' });
    const controller = new AbortController();
    const { policy } = recordingRetry({ sleep: abortableSleep });
    const downloading = fetchBytes(`${vendor.url}/a.png`, 1024, controller.signal, policy);
    await expect.poll(() => vendor.requests.length).toBe(1);
    controller.abort(new Error('job cancelled'));
    await expect(downloading).rejects.toThrow('job cancelled');
  });

  it('decodes a data: URI without any request', async () => {
    const uri = `data:image/png;base64,${IMAGE.toString('base64')}`;
    await expect(fetchBytes(uri, 1024, never)).resolves.toEqual(IMAGE);
  });
});

describe('fetchPublicBytes', () => {
  let server: FakeServer;
  let port = '';
  beforeAll(async () => {
    server = await startFakeServer((request, response) => {
      const [path, to] = request.url.split('?to=');
      if (path === '/redirect') {
        response.writeHead(302, { location: decodeURIComponent(to ?? '') });
        return void response.end();
      }
      if (path === '/loop') {
        response.writeHead(301, { location: '/loop' });
        return void response.end();
      }
      if (path === '/missing') {
        response.writeHead(404);
        return void response.end();
      }
      if (path === '/large') return void response.end(Buffer.alloc(4096));
      response.end(IMAGE);
    });
    port = new URL(server.url).port;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  /**
   * The fake server listens on 127.0.0.1, so here that one loopback address plays the public host;
   * every other address is judged by the real rule. Names resolve through `hosts`.
   */
  const guard = (
    hosts: Record<string, string>,
  ): PublicFetchGuard & { resolve: ReturnType<typeof vi.fn> } => ({
    protocols: ['http:'],
    isPublic: (address) => address === '127.0.0.1' || isPublicAddress(address),
    resolve: vi.fn(async (host: string) => {
      const address = hosts[host];
      if (!address) throw new Error(`ENOTFOUND ${host}`);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    }),
  });
  const fetchFrom = (url: string, options: PublicFetchGuard, maxBytes = 1024) =>
    fetchPublicBytes(url, maxBytes, AbortSignal.timeout(5000), options);

  it('connects to the address it checked, not to whatever a second lookup answers', async () => {
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.0.0.1', family: 4 }]];
    const resolve = vi.fn(async () => answers.shift() ?? [{ address: '169.254.169.254', family: 4 }]);
    const options = { ...guard({}), resolve };
    await expect(fetchFrom(`http://rebind.example:${port}/a.png`, options)).resolves.toEqual(IMAGE);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.host).toBe(`rebind.example:${port}`);
  });

  it('never reaches 127.0.0.1 when a name answers it next to a public address', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(
      fetchPublicBytes(`http://rebind.example:${port}/a.png`, 1024, AbortSignal.timeout(5000), {
        protocols: ['http:'],
        resolve,
      }),
    ).rejects.toMatchObject(refused);
    expect(server.requests).toHaveLength(0);
  });

  it('follows up to three redirects, checking the host of every hop', async () => {
    const options = guard({ 'start.example': '127.0.0.1', 'hop.example': '127.0.0.1' });
    const last = encodeURIComponent('/a.png');
    const second = encodeURIComponent(`http://hop.example:${port}/redirect?to=${last}`);
    const data = await fetchFrom(`http://start.example:${port}/redirect?to=${second}`, options);
    expect(data).toEqual(IMAGE);
    expect(server.requests.map((request) => request.headers.host)).toEqual([
      `start.example:${port}`,
      `hop.example:${port}`,
      `hop.example:${port}`,
    ]);
    expect(options.resolve.mock.calls).toEqual([['start.example'], ['hop.example'], ['hop.example']]);
  });

  it.each([
    ['a metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['a loopback literal', 'http://[::ffff:7f00:2]/'],
    ['a NAT64 loopback', 'http://[64:ff9b::7f00:1]/'],
    ['a name that resolves to a private address', 'http://internal.example/admin'],
    ['a name that does not resolve', 'http://nowhere.example/'],
  ])('refuses a redirect to %s', async (_, to) => {
    const options = guard({ 'start.example': '127.0.0.1', 'internal.example': '10.0.0.5' });
    await expect(
      fetchFrom(`http://start.example:${port}/redirect?to=${encodeURIComponent(to)}`, options),
    ).rejects.toMatchObject(refused);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a fourth redirect', async () => {
    await expect(fetchFrom(`http://127.0.0.1:${port}/loop`, guard({}))).rejects.toMatchObject({
      ...refused,
      message: 'The subject URL redirects too many times',
    });
    expect(server.requests).toHaveLength(4);
  });

  it('refuses a redirect to another scheme', async () => {
    const to = encodeURIComponent('file:///etc/passwd');
    await expect(fetchFrom(`http://127.0.0.1:${port}/redirect?to=${to}`, guard({}))).rejects.toMatchObject({
      ...refused,
      message: 'The subject URL must be https',
    });
  });

  it('takes https only unless told otherwise', async () => {
    await expect(
      fetchPublicBytes(`http://127.0.0.1:${port}/a.png`, 1024, AbortSignal.timeout(5000)),
    ).rejects.toMatchObject(refused);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a body over the limit and an HTTP error, as a download failure', async () => {
    await expect(fetchFrom(`http://127.0.0.1:${port}/large`, guard({}))).rejects.toThrow(
      'The download is larger than its limit',
    );
    await expect(fetchFrom(`http://127.0.0.1:${port}/missing`, guard({}))).rejects.toThrow(
      'Fetching the subject answered HTTP 404',
    );
  });
});

describe('pinnedLookup', () => {
  const addresses = [
    { address: '93.184.215.14', family: 4 },
    { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
  ];
  const ask = (options: { all?: boolean; family?: number }) =>
    new Promise((resolve, reject) =>
      pinnedLookup(addresses)('rebind.example', options, (error, address, family) =>
        error ? reject(error) : resolve({ address, family }),
      ),
    );

  it('answers the checked addresses, one or all, of the family asked for', async () => {
    await expect(ask({})).resolves.toEqual({ address: '93.184.215.14', family: 4 });
    await expect(ask({ all: true })).resolves.toEqual({ address: addresses, family: undefined });
    await expect(ask({ family: 6 })).resolves.toEqual({ address: addresses[1]!.address, family: 6 });
  });

  it('fails rather than look the name up when no checked address fits', async () => {
    const only4 = pinnedLookup([addresses[0]!]);
    await expect(
      new Promise((resolve, reject) =>
        only4('rebind.example', { family: 6 }, (error, address) =>
          error ? reject(error) : resolve(address),
        ),
      ),
    ).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
