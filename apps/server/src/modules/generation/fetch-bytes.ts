import type { LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ProviderError } from './providers/ports';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, transientAnswer, withRetry } from './providers/vendor-retry';
import { type HostGuard, publicAddresses, refusedSubject } from './public-host';

const MAX_REDIRECTS = 3;

async function readLimited(body: AsyncIterable<Uint8Array>, declared: number, maxBytes: number) {
  if (declared > maxBytes) throw new ProviderError('The download is larger than its limit');
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) throw new ProviderError('The download is larger than its limit');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Downloads a provider output into memory, refusing anything larger than `maxBytes` as it streams
 * in. data: URIs are decoded in place. A transient failure (a "not now" answer, a connection that
 * failed or broke off mid-body) downloads again under `retry`: a GET changes nothing at the vendor.
 * Outputs come from the vendors the operator configured, which a self-hosted setup may well run on
 * its own network (an a1111 box on the LAN), so they are not held to the public-host rule that
 * user-supplied URLs are.
 */
export async function fetchBytes(
  url: string,
  maxBytes: number,
  signal: AbortSignal,
  retry: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<Buffer> {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    if (comma < 0 || !url.slice(0, comma).endsWith(';base64'))
      throw new ProviderError('Unsupported data: URI');
    return Buffer.from(url.slice(comma + 1), 'base64');
  }
  const { host, pathname } = new URL(url);
  const call = { vendor: 'provider output', request: `GET ${host}${pathname}` };
  return withRetry<Buffer>(retry, call, signal, async () => {
    const response = await fetch(url, { signal });
    const failed = () => new ProviderError(`Fetching a provider output answered HTTP ${response.status}`);
    const again = transientAnswer(response, retry.clock());
    if (again) {
      const discard = () => response.body?.cancel();
      return {
        again,
        discard,
        last: () => {
          void discard();
          throw failed();
        },
      };
    }
    if (!response.ok || !response.body) throw failed();
    const declared = Number(response.headers.get('content-length') ?? 0);
    return { done: await readLimited(response.body, declared, maxBytes) };
  });
}

/** A lookup that answers the addresses already checked, whatever DNS would say now. */
export function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const usable = options.family ? addresses.filter(({ family }) => family === options.family) : addresses;
    const first = usable[0];
    if (!first)
      callback(Object.assign(new Error(`No checked address for ${hostname}`), { code: 'ENOTFOUND' }), '');
    else if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}

function get(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'http:' ? http.request : https.request;
  return new Promise((resolve, reject) => {
    // agent: false, so no pooled socket opened for another lookup is ever reused.
    const req = request(url, { lookup: pinnedLookup(addresses), signal, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

export interface PublicFetchGuard extends HostGuard {
  /** The schemes a URL and every redirect may use; https only, tests widen it to plain http. */
  protocols?: readonly string[];
}

/**
 * Downloads a user-supplied URL. Its host is resolved once, every address must be public, and the
 * connection goes to those very addresses (no second lookup for a rebinding DNS server to answer
 * differently). Redirects are followed by hand, at most three, each hop checked the same way.
 */
export async function fetchPublicBytes(
  url: string,
  maxBytes: number,
  signal: AbortSignal,
  guard: PublicFetchGuard = {},
): Promise<Buffer> {
  const protocols = guard.protocols ?? ['https:'];
  let target = new URL(url);
  for (let hop = 0; ; hop += 1) {
    if (!protocols.includes(target.protocol)) throw refusedSubject('The subject URL must be https');
    const response = await get(target, await publicAddresses(target, guard), signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location !== undefined) {
      response.destroy();
      if (hop === MAX_REDIRECTS) throw refusedSubject('The subject URL redirects too many times');
      if (!URL.canParse(location, target.href))
        throw refusedSubject('The subject URL redirects to an invalid URL');
      target = new URL(location, target);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new ProviderError(`Fetching the subject answered HTTP ${status}`);
    }
    return readLimited(response, Number(response.headers['content-length'] ?? 0), maxBytes);
  }
}
