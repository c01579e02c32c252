import type { NonceResponse, PublicConfig, Session } from '@baegen/shared';
import { api } from '../../../lib/api-client';

export function requestNonce(address: string): Promise<NonceResponse> {
  return api<NonceResponse>('/api/auth/nonce', { method: 'POST', body: { address } });
}

export function postLogin(input: { address: string; message: string; signature: string }): Promise<Session> {
  return api<Session>('/api/auth/login', { method: 'POST', body: input });
}

export function postLogout(): Promise<void> {
  return api<void>('/api/auth/logout', { method: 'POST' });
}

/** The server's view of our session; a 401 here is the answer "signed out", not an error to broadcast. */
export function fetchSession(signal?: AbortSignal): Promise<Session> {
  return api<Session>('/api/auth/session', { allowUnauthorized: true, signal });
}

let configRequest: Promise<PublicConfig> | undefined;

/** Run-time flags; asked once per page load and shared by the wallet runtime and the login card. */
export function fetchPublicConfig(): Promise<PublicConfig> {
  configRequest ??= api<PublicConfig>('/api/config').catch((error: unknown) => {
    configRequest = undefined;
    throw error;
  });
  return configRequest;
}
