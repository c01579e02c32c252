import { ProviderError } from './providers/ports';

/**
 * Downloads a provider output or an https subject into memory, refusing anything
 * larger than `maxBytes` as it streams in. data: URIs are decoded in place.
 */
export async function fetchBytes(
  url: string,
  maxBytes: number,
  signal: AbortSignal,
  options: { followRedirects: boolean } = { followRedirects: true },
): Promise<Buffer> {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    if (comma < 0 || !url.slice(0, comma).endsWith(';base64'))
      throw new ProviderError('Unsupported data: URI');
    return Buffer.from(url.slice(comma + 1), 'base64');
  }
  // A user's URL must not redirect past the public-host check.
  const response = await fetch(url, { signal, redirect: options.followRedirects ? 'follow' : 'error' });
  if (!response.ok || !response.body)
    throw new ProviderError(`Fetching a provider output answered HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ProviderError('The download is larger than its limit');
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.length;
    if (total > maxBytes) throw new ProviderError('The download is larger than its limit');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
