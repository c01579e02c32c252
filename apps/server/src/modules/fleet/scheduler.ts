/** Work run on an interval somewhere in the fleet: file sweeps, job upkeep, pruning. */
export interface PeriodicTask {
  /** Unique across the app; the key of the task's claim in the fleet. */
  name: string;
  everyMs: number;
  /** Answers how much it did (logged) or nothing. */
  run(): Promise<number | void>;
}

/** Who runs a task now: one instance at a time, for as long as its run lasts. */
export interface TaskLeases {
  claim(name: string, everyMs: number, owner: string, leaseMs: number): Promise<boolean>;
  renew(name: string, owner: string, leaseMs: number): Promise<boolean>;
  release(name: string, owner: string): Promise<void>;
}

interface Entry {
  task: PeriodicTask;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
}

/** A run holds its lease this long and renews it every third of it, so a dead holder frees it soon. */
const LEASE_MS = 30_000;

/**
 * One timer per named task; the timers never keep the process alive. With `leases` (instances
 * sharing a database), a tick runs only when this instance wins the task's claim, and the claim is
 * held until the run ends, so a slow run is never started twice.
 */
export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private started = false;

  constructor(
    private readonly deps: {
      owner: string;
      leases: TaskLeases | null;
      onDone(task: string, result: number | void): void;
      onError(task: string, error: unknown): void;
    },
  ) {}

  add(task: PeriodicTask): void {
    if (this.entries.has(task.name)) throw new Error(`A periodic task named ${task.name} exists already`);
    const entry: Entry = { task, timer: null, running: null };
    this.entries.set(task.name, entry);
    if (this.started) this.arm(entry);
  }

  start(): void {
    this.started = true;
    for (const entry of this.entries.values()) this.arm(entry);
  }

  /** Runs a task now on this instance, whatever the claim; a call during a run shares it. */
  run(name: string): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`No periodic task named ${name}`);
    return this.execute(entry, null);
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const entry of this.entries.values()) {
      if (entry.timer) clearInterval(entry.timer);
      entry.timer = null;
    }
    await Promise.all([...this.entries.values()].map((entry) => entry.running));
  }

  private arm(entry: Entry) {
    if (entry.timer) return;
    entry.timer = setInterval(() => void this.tick(entry), entry.task.everyMs);
    entry.timer.unref();
  }

  private async tick(entry: Entry) {
    if (entry.running) return;
    const { leases, owner } = this.deps;
    if (!leases) return this.execute(entry, null);
    const granted = await leases
      .claim(entry.task.name, entry.task.everyMs, owner, LEASE_MS)
      .catch((error: unknown) => (this.deps.onError(entry.task.name, error), false));
    if (granted) await this.execute(entry, leases);
  }

  private execute(entry: Entry, leases: TaskLeases | null): Promise<void> {
    if (entry.running) return entry.running;
    const { name } = entry.task;
    const { owner } = this.deps;
    const renewal = leases
      ? setInterval(() => void leases.renew(name, owner, LEASE_MS).catch(() => false), LEASE_MS / 3)
      : null;
    renewal?.unref();
    entry.running = entry.task
      .run()
      .then((result) => this.deps.onDone(name, result))
      .catch((error: unknown) => this.deps.onError(name, error))
      .finally(async () => {
        if (renewal) clearInterval(renewal);
        entry.running = null;
        await leases?.release(name, owner).catch((error: unknown) => this.deps.onError(name, error));
      });
    return entry.running;
  }
}
