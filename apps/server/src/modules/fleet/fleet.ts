import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../../lib/clock';
import type { FleetRepository } from './fleet.repository';
import type { TaskLeases } from './scheduler';
import { sharedRateLimitStore } from './shared-rate-limit.store';

/**
 * What several instances on one PostgreSQL database coordinate through it: rate-limit windows and
 * which instance runs a periodic task. On SQLite (one process) both stay in process.
 */
export interface Fleet {
  /** A @fastify/rate-limit store class; undefined keeps the plugin's in-memory store. */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** Leases on periodic runs; null when this process is the only one. */
  leases: TaskLeases | null;
  /** Deletes rate-limit windows that have run out. */
  pruneRateLimits(): Promise<number>;
}

export function createFleet(repo: FleetRepository | null, clock: Clock): Fleet {
  if (!repo) return { leases: null, pruneRateLimits: async () => 0 };
  const now = () => clock().getTime();
  return {
    rateLimitStore: sharedRateLimitStore(repo, clock),
    leases: {
      // A tenth of an interval of slack, so that the instance which ran last can run again on its
      // next tick even if that tick comes a little early.
      claim: (name, everyMs, owner, leaseMs) =>
        repo.claimRun(name, {
          owner,
          nowMs: now(),
          notAfterMs: now() - everyMs * 0.9,
          leaseUntilMs: now() + leaseMs,
        }),
      renew: (name, owner, leaseMs) => repo.renewRun(name, owner, now() + leaseMs),
      release: (name, owner) => repo.releaseRun(name, owner),
    },
    pruneRateLimits: () => repo.deleteExpiredHits(now()),
  };
}
