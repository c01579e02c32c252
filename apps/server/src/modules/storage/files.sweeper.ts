/** Runs a sweep on an interval in this process; the timer never keeps the process alive. */
export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly sweep: () => Promise<number>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** One sweep; overlapping calls share the sweep in flight. */
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
