/** Work this process runs, by id, so a stop reaching it aborts the work at once. */
export class RunningWork {
  private readonly controllers = new Map<string, AbortController>();

  /** `reason` is what an aborted piece of work is told. */
  constructor(private readonly reason: () => Error) {}

  track(id: string): AbortController {
    const controller = new AbortController();
    this.controllers.set(id, controller);
    return controller;
  }

  release(id: string): void {
    this.controllers.delete(id);
  }

  abort(id: string): void {
    this.controllers.get(id)?.abort(this.reason());
  }
}
