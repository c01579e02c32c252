/** Why a reply's work ended early: the user stopped it, or it is no longer this worker's to write. */
export class ReplyStopped extends Error {
  constructor() {
    super('reply stopped');
    this.name = 'ReplyStopped';
  }
}

/**
 * The replies this process writes, by message id, so a stop reaching it aborts the provider at
 * once, with the text each has shown so far: the streams here get text as it arrives, before its
 * batch reaches the row, so a stream opening here starts from this text rather than the row's.
 */
export class RunningReplies {
  private readonly controllers = new Map<string, AbortController>();
  private readonly texts = new Map<string, string>();

  track(messageId: string, text: string): AbortController {
    const controller = new AbortController();
    this.controllers.set(messageId, controller);
    this.texts.set(messageId, text);
    return controller;
  }

  /** Text streamed out past what was shown before. */
  extend(messageId: string, text: string): void {
    const shown = this.texts.get(messageId);
    if (shown !== undefined) this.texts.set(messageId, shown + text);
  }

  /** The whole text shown so far of a reply written here; undefined for any other. */
  shown(messageId: string): string | undefined {
    return this.texts.get(messageId);
  }

  release(messageId: string): void {
    this.controllers.delete(messageId);
    this.texts.delete(messageId);
  }

  abort(messageId: string): void {
    this.controllers.get(messageId)?.abort(new ReplyStopped());
  }
}
