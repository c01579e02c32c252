import type { ApiError } from '@baegen/shared';

/** An API answer with an error status; `code` and `message` come from the server's error body. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called whenever the server answers 401: the session is gone. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Skip the global 401 handling (the session probe itself). */
  allowUnauthorized?: boolean;
}

/** fetch for our JSON API: same-origin cookies, JSON in and out, errors as ApiRequestError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, allowUnauthorized, headers, ...rest } = options;
  const isJson = body !== undefined && !(body instanceof Blob) && !(body instanceof ArrayBuffer);
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      Accept: 'application/json',
      ...(isJson ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: isJson ? JSON.stringify(body) : (body as BodyInit | undefined),
  });
  if (!response.ok) {
    let code = 'HTTP_ERROR';
    let message = `Request failed with status ${response.status}`;
    try {
      const parsed = (await response.json()) as ApiError;
      code = parsed.error.code;
      message = parsed.error.message;
    } catch {
      // not a JSON error body; keep the generic message
    }
    if (response.status === 401 && !allowUnauthorized) {
      unauthorizedListeners.forEach((listener) => listener());
    }
    throw new ApiRequestError(response.status, code, message);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
