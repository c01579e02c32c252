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

/** A successful answer whose body does not match the shared schema of its endpoint. */
export class ResponseSchemaError extends ApiRequestError {
  constructor(
    status: number,
    public readonly path: string,
    public readonly issues: readonly string[],
  ) {
    super(status, 'SCHEMA_MISMATCH', `Unexpected response from ${path}: ${issues.join('; ')}`);
    this.name = 'ResponseSchemaError';
  }
}

/**
 * What the client needs of a zod schema. Declared structurally so this module does not import zod:
 * it is part of the landing page's first load, and zod is not (docs/decisions/002).
 */
export interface ResponseSchema<T> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** A schema, or the promise of one still loading; the request does not wait for it to start. */
export type SchemaSource<T> = ResponseSchema<T> | PromiseLike<ResponseSchema<T>>;

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

function errorBody(value: unknown): { code: string; message: string } | null {
  if (typeof value !== 'object' || value === null || !('error' in value)) return null;
  const { error } = value;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' ? { code, message } : null;
}

/** fetch for our JSON API: same-origin cookies, JSON in, errors as ApiRequestError. */
async function send(path: string, options: RequestOptions): Promise<Response> {
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
    throw errorFromAnswer(response.status, await response.json().catch(() => null), allowUnauthorized);
  }
  return response;
}

/**
 * The ApiRequestError of a failed answer, from its status and (JSON) body; a 401 also tells the
 * listeners that the session is gone, unless `allowUnauthorized`.
 */
export function errorFromAnswer(status: number, body: unknown, allowUnauthorized = false): ApiRequestError {
  const parsed = errorBody(body);
  if (status === 401 && !allowUnauthorized) {
    unauthorizedListeners.forEach((listener) => listener());
  }
  return new ApiRequestError(
    status,
    parsed?.code ?? 'HTTP_ERROR',
    parsed?.message ?? `Request failed with status ${status}`,
  );
}

/** Calls the API and returns its JSON body, checked against `schema`; a mismatch is a ResponseSchemaError. */
export async function api<T>(
  path: string,
  schema: SchemaSource<T>,
  options: RequestOptions = {},
): Promise<T> {
  const schemaReady = Promise.resolve(schema);
  // A schema that fails to load matters only once the answer is in; a failed request reports first.
  schemaReady.catch(() => undefined);
  const response = await send(path, options);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ResponseSchemaError(response.status, path, ['the body is not JSON']);
  }
  return parseAnswer(response.status, path, await schemaReady, body);
}

/** `body` checked against `schema`; a mismatch is a ResponseSchemaError naming `path`. */
export function parseAnswer<T>(status: number, path: string, schema: ResponseSchema<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ResponseSchemaError(
    status,
    path,
    result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`),
  );
}

/** Calls an endpoint that answers without a body (204); whatever body comes is not read. */
export async function apiNoContent(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}
