import type { NonceResponse, PublicConfig, Session } from '@baegen/shared';
import { api, apiNoContent } from '../../../lib/api-client';

// The auth calls are reachable from the landing page's first load, which must not carry zod
// (docs/decisions/002): their schemas load on first use, while the request is already on its way.
const schemas = () => import('./auth.schemas');

export function requestNonce(address: string): Promise<NonceResponse> {
  return api(
    '/api/auth/nonce',
    schemas().then((s) => s.nonceResponseSchema),
    { method: 'POST', body: { address } },
  );
}

export function postLogin(input: { address: string; message: string; signature: string }): Promise<Session> {
  return api(
    '/api/auth/login',
    schemas().then((s) => s.sessionSchema),
    { method: 'POST', body: input },
  );
}

export function postLogout(): Promise<void> {
  return apiNoContent('/api/auth/logout', { method: 'POST' });
}

/** The server's view of our session; a 401 here is the answer "signed out", not an error to broadcast. */
export function fetchSession(signal?: AbortSignal): Promise<Session> {
  return api(
    '/api/auth/session',
    schemas().then((s) => s.sessionSchema),
    { allowUnauthorized: true, signal },
  );
}

let configRequest: Promise<PublicConfig> | undefined;

/** Run-time flags; asked once per page load and shared by the wallet runtime and the login card. */
export function fetchPublicConfig(): Promise<PublicConfig> {
  configRequest ??= api(
    '/api/config',
    schemas().then((s) => s.publicConfigSchema),
  ).catch((error: unknown) => {
    configRequest = undefined;
    throw error;
  });
  return configRequest;
}
