/** Why a reply's work ended early: the user stopped it, or it is no longer this worker's to write. */
export class ReplyStopped extends Error {
  constructor() {
    super('reply stopped');
    this.name = 'ReplyStopped';
  }
}

/** The replies this process writes, by message id, so a stop reaching it aborts the provider at once. */
export class RunningReplies {
  private readonly controllers = new Map<string, AbortController>();

  track(messageId: string): AbortController {
    const controller = new AbortController();
    this.controllers.set(messageId, controller);
    return controller;
  }

  release(messageId: string): void {
    this.controllers.delete(messageId);
  }

  abort(messageId: string): void {
    this.controllers.get(messageId)?.abort(new ReplyStopped());
  }
}
