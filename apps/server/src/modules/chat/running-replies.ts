import { RunningWork } from '../../lib/running-work';

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
export class RunningReplies extends RunningWork {
  private readonly texts = new Map<string, string>();

  constructor() {
    super(() => new ReplyStopped());
  }

  /** Tracks a reply whose text so far is `text`. */
  trackReply(messageId: string, text: string): AbortController {
    this.texts.set(messageId, text);
    return this.track(messageId);
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

  override release(messageId: string): void {
    super.release(messageId);
    this.texts.delete(messageId);
  }
}
