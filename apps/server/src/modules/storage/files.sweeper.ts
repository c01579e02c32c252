/**
 * Runs a sweep on an interval; the timer never keeps the process alive. With `claim`, a tick runs
 * only when the claim is granted, so that one instance of a fleet sweeps per interval.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly sweep: () => Promise<number>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly claim?: () => Promise<boolean>,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private async tick() {
    if (this.running) return;
    const granted = this.claim
      ? await this.claim().catch((error: unknown) => (this.onError(error), false))
      : true;
    if (granted) await this.runOnce();
  }

  /** One sweep, whatever the claim; overlapping calls share the sweep in flight. */
  runOnce(): Promise<unknown> {
    this.running ??= this.sweep()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
