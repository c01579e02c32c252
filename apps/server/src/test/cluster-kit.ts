import { setTimeout as sleep } from 'node:timers/promises';
import { type ServerProcess, signInOverHttp } from './server-process';

/** A signed-in wallet, as the headers its requests carry. */
export type Who = { headers: Record<string, string> };

/** Signs a new wallet in on `server` through the real nonce and login endpoints; kept in `users`. */
export async function signIn(server: ServerProcess, users: Who[] = []): Promise<Who> {
  const cookie = await signInOverHttp(server.base);
  const who = { headers: { cookie } };
  users.push(who);
  return who;
}

/** A request over real HTTP, with a JSON body when there is one. */
export const json = (server: ServerProcess, who: Who, method: string, url: string, body?: unknown) =>
  fetch(`${server.base}${url}`, {
    method,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Asks `probe` every 100 ms until it answers a value; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
