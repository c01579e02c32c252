import { ProviderError, type SubjectImage, jsonOrFail } from './ports';
import { type RetryPolicy, retryingFetch } from './vendor-retry';

/** The subject as vendors take it by reference: its public URL, else its bytes inlined as a data: URI. */
export async function imageReference(image: SubjectImage): Promise<string> {
  return image.publicUrl ?? (await image.dataUri());
}

/** Cancelling runs outside any job's signal, so it gets a deadline of its own. */
export function cancelSignal(): AbortSignal {
  return AbortSignal.timeout(10_000);
}

interface VendorRequest {
  vendor: string;
  baseUrl: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Sent as JSON when present. */
  body?: unknown;
  signal: AbortSignal;
  retry: RetryPolicy;
}

/**
 * Sends one request under the retry policy; failing to reach the vendor is a ProviderError, an
 * abort stays the caller's.
 */
export async function sendToVendor({
  vendor,
  baseUrl,
  method,
  path,
  headers,
  body,
  signal,
  retry,
}: VendorRequest): Promise<Response> {
  try {
    return await retryingFetch(retry, vendor)(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ProviderError(`${vendor} could not be reached (${method} ${path})`, { cause: error });
  }
}

/** Reads a JSON answer like jsonOrFail, except that once the caller has aborted, the abort wins. */
export async function readJson(response: Response, vendor: string, signal: AbortSignal): Promise<unknown> {
  try {
    return await jsonOrFail(response, vendor);
  } catch (error) {
    signal.throwIfAborted();
    throw error;
  }
}
