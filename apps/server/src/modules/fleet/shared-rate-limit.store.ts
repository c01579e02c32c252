import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../../lib/clock';
import type { FleetRepository } from './fleet.repository';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands `child`: the route's merged limit options, with the route itself. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store on the shared database, so every instance counts the same window.
 * Like the plugin's own in-memory store, each route counts on its own: its method and URL prefix
 * the key.
 */
export function sharedRateLimitStore(repo: FleetRepository, clock: Clock): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly namespace = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock().getTime();
      repo.hit(this.namespace + key, timeWindow, now).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.expiresAt - now) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      const now = clock().getTime();
      repo.readHits(this.namespace + key, now).then(
        (hit) =>
          callback(null, hit ? { current: hit.count, ttl: hit.expiresAt - now } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    child(params: object): SharedRateLimitStore {
      const { method, url } = (params as RouteParams).routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''}|`);
    }
  };
}
