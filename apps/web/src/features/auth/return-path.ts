import { ROUTES } from '@baegen/shared';

/** What a protected route hands /login: the address the visitor asked for. */
export interface LoginState {
  from: string;
}

/** The address (path, query, hash) to come back to after signing in. */
export const loginStateFor = (location: { pathname: string; search: string; hash: string }): LoginState => ({
  from: location.pathname + location.search + location.hash,
});

/**
 * Where to go after signing in: the address a protected route sent the visitor from, when it is a
 * path of this app; /dashboard otherwise. Only a single-slash relative path is taken, so the state
 * can never send the visitor to another site ("//evil.example", "/\\evil.example", "https://...").
 */
export function returnPath(state: unknown): string {
  const from = (state as Partial<LoginState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/')) return ROUTES.dashboard;
  if (from.startsWith('//') || from.startsWith('/\\')) return ROUTES.dashboard;
  // Control characters and backslashes can be read as a host by some URL parsers.
  if ([...from].some((char) => char < ' ' || char === '\\')) return ROUTES.dashboard;
  if (from === ROUTES.login || from.startsWith(`${ROUTES.login}?`)) return ROUTES.dashboard;
  return from;
}
