import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionSchema } from '@baegen/shared';
import { errorResponse, jsonResponse, noContentResponse, stubFetch } from '../test/fake-api';
import { ApiRequestError, ResponseSchemaError, api, apiNoContent, onUnauthorized } from './api-client';

const session = { userId: 'u1', walletAddress: 'w1' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchMock = stubFetch().mockResolvedValue(jsonResponse(200, sessionSchema.parse(session)));
    await expect(api('/api/x', sessionSchema, { method: 'POST', body: { a: 1 } })).resolves.toEqual(session);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('refuses a body that does not match the schema, naming the path and the field', async () => {
    stubFetch().mockResolvedValue(jsonResponse(200, { userId: 'u1' }));
    const failure = await api('/api/auth/session', sessionSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseSchemaError);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 200, code: 'SCHEMA_MISMATCH', path: '/api/auth/session' });
    expect((failure as Error).message).toContain('walletAddress');
  });

  it('refuses an answer without a JSON body', async () => {
    stubFetch().mockResolvedValue(noContentResponse());
    await expect(api('/api/x', sessionSchema)).rejects.toMatchObject({ code: 'SCHEMA_MISMATCH' });
  });

  it('waits for a schema that is still loading', async () => {
    stubFetch().mockResolvedValue(jsonResponse(200, sessionSchema.parse(session)));
    await expect(api('/api/x', Promise.resolve(sessionSchema))).resolves.toEqual(session);
  });

  it("turns an error answer into an ApiRequestError with the server's code and message", async () => {
    stubFetch()
      .mockResolvedValueOnce(errorResponse(422, 'PROMPT_REFUSED', 'No.'))
      .mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(api('/api/x', sessionSchema)).rejects.toMatchObject({
      status: 422,
      code: 'PROMPT_REFUSED',
      message: 'No.',
    });
    await expect(api('/api/x', sessionSchema)).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'Request failed with status 502',
    });
  });

  it('tells the listeners about a 401 unless the caller expects one', async () => {
    stubFetch().mockImplementation(async () => errorResponse(401, 'UNAUTHENTICATED'));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    await expect(api('/api/x', sessionSchema, { allowUnauthorized: true })).rejects.toThrow();
    expect(listener).not.toHaveBeenCalled();
    await expect(api('/api/x', sessionSchema)).rejects.toThrow();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('apiNoContent', () => {
  it('resolves on a 204 and rejects an error answer', async () => {
    stubFetch()
      .mockResolvedValueOnce(noContentResponse())
      .mockResolvedValueOnce(errorResponse(404, 'NOT_FOUND'));
    await expect(apiNoContent('/api/media/1', { method: 'DELETE' })).resolves.toBeUndefined();
    await expect(apiNoContent('/api/media/1', { method: 'DELETE' })).rejects.toMatchObject({ status: 404 });
  });
});
