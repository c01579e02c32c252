import type { NonceResponse, PublicConfig, Session } from '@baegen/shared';
import { nonceResponseSchema, publicConfigSchema, sessionSchema } from '../../../api/lazy-schemas';
import { api, apiNoContent } from '../../../lib/api-client';

export function requestNonce(address: string): Promise<NonceResponse> {
  return api('/api/auth/nonce', nonceResponseSchema, { method: 'POST', body: { address } });
}

export function postLogin(input: { address: string; message: string; signature: string }): Promise<Session> {
  return api('/api/auth/login', sessionSchema, { method: 'POST', body: input });
}

export function postLogout(): Promise<void> {
  return apiNoContent('/api/auth/logout', { method: 'POST' });
}

/** The server's view of our session; a 401 here is the answer "signed out", not an error to broadcast. */
export function fetchSession(signal?: AbortSignal): Promise<Session> {
  return api('/api/auth/session', sessionSchema, { allowUnauthorized: true, signal });
}

let configRequest: Promise<PublicConfig> | undefined;

/** Run-time flags; asked once per page load and shared by the wallet runtime and the login card. */
export function fetchPublicConfig(): Promise<PublicConfig> {
  configRequest ??= api('/api/config', publicConfigSchema).catch((error: unknown) => {
    configRequest = undefined;
    throw error;
  });
  return configRequest;
}
