import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../../lib/clock';
import type { FleetRepository } from './fleet.repository';
import { sharedRateLimitStore } from './shared-rate-limit.store';

/**
 * What several instances on one PostgreSQL database coordinate through it: rate-limit windows and
 * which instance runs a periodic task. On SQLite (one process) both stay in process.
 */
export interface Fleet {
  /** A @fastify/rate-limit store class; undefined keeps the plugin's in-memory store. */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** A claim for a task run every `intervalMs`, granted to one instance per interval. */
  claim(task: string, intervalMs: number): (() => Promise<boolean>) | undefined;
  /** Deletes rate-limit windows that have run out. */
  pruneRateLimits(): Promise<number>;
}

export function createFleet(repo: FleetRepository | null, clock: Clock): Fleet {
  if (!repo) return { claim: () => undefined, pruneRateLimits: async () => 0 };
  return {
    rateLimitStore: sharedRateLimitStore(repo, clock),
    // A tenth of an interval of slack, so that the instance which ran last can run again on its
    // next tick even if that tick comes a little early.
    claim: (task, intervalMs) => () => {
      const now = clock().getTime();
      return repo.claimRun(task, now, now - intervalMs * 0.9);
    },
    pruneRateLimits: () => repo.deleteExpiredHits(clock().getTime()),
  };
}
