import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../../test/test-app';
import { useTestApp } from '../../test/test-hooks';
import { createFleet } from './fleet';
import { FleetRepository } from './fleet.repository';
import { Scheduler } from './scheduler';

describe(`periodic work shared by two instances (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();

  /** An instance's scheduler over the shared database, with the real clock. */
  const instance = (owner: string, errors: unknown[]) =>
    new Scheduler({
      owner,
      leases: createFleet(new FleetRepository(ctx.database.db), () => new Date()).leases,
      onDone: () => undefined,
      onError: (_task, error) => errors.push(error),
    });

  it('never runs a slow task on two instances at once, and runs it again once it is done', async () => {
    let inFlight = 0;
    let mostAtOnce = 0;
    let runs = 0;
    // Slower than its interval, like a sweep over a slow bucket: a claim that only lasted an
    // interval would let the other instance start the same sweep half way through.
    const task = {
      name: 'slow-sweep',
      everyMs: 40,
      run: async () => {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await sleep(300);
        inFlight -= 1;
        runs += 1;
      },
    };
    const errors: unknown[] = [];
    const a = instance('instance-a', errors);
    const b = instance('instance-b', errors);
    a.add(task);
    b.add({ ...task });
    a.start();
    b.start();
    await sleep(1_500);
    await Promise.all([a.stop(), b.stop()]);
    expect(errors).toEqual([]);
    expect(mostAtOnce).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it('runs a task by name on demand, sharing a run in progress', async () => {
    let runs = 0;
    const scheduler = instance('instance-c', []);
    scheduler.add({ name: 'on-demand', everyMs: 60_000, run: async () => void (runs += 1) });
    await Promise.all([scheduler.run('on-demand'), scheduler.run('on-demand')]);
    expect(runs).toBe(1);
    expect(() => scheduler.add({ name: 'on-demand', everyMs: 1, run: async () => undefined })).toThrow();
  });
});
