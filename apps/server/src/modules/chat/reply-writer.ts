export interface ReplyWriterDeps {
  /** Length of the reply's text when writing began (a Continue starts after it). */
  offset: number;
  /** How long text gathers before it is written: one write per batch, not per token. */
  flushMs: number;
  /** Appends `text` at `from` to the reply's row; false when the reply is no longer ours to write. */
  write(text: string, from: number): Promise<boolean>;
  /**
   * Called with each piece of text as it arrives, for the streams open here: they need not wait
   * for its batch. Other instances hear of the text once its batch is in the row.
   */
  shown(text: string, from: number): void;
  /** The reply cannot go on: no longer ours, or a write failed (see `failure`). */
  abort(): void;
}

/**
 * Gathers a reply's text as it streams and writes it to the row in batches, one write at a time
 * and in order, so the row (and every stream that reads it) only ever grows by whole batches.
 */
export class ReplyWriter {
  private pending = '';
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private offset: number;
  /** Where the next piece of text shown begins: the row's text and the batch gathering. */
  private shownTo: number;
  /** The row refused a write: the reply was stopped or deleted. */
  lost = false;
  /** The error a write met, if one did. */
  failure: unknown = null;

  constructor(private readonly deps: ReplyWriterDeps) {
    this.offset = deps.offset;
    this.shownTo = deps.offset;
  }

  push(text: string): void {
    if (this.lost || this.failure || text === '') return;
    this.pending += text;
    this.deps.shown(text, this.shownTo);
    this.shownTo += text.length;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.flush().catch((error: unknown) => {
        this.failure = error;
        this.deps.abort();
      });
    }, this.deps.flushMs);
  }

  /** Writes whatever is gathered now; resolves once every batch so far is in the row. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writing = this.writing.then(async () => {
      if (this.pending === '' || this.lost || this.failure) return;
      const text = this.pending;
      const from = this.offset;
      this.pending = '';
      if (!(await this.deps.write(text, from))) {
        this.lost = true;
        this.deps.abort();
        return;
      }
      this.offset = from + text.length;
    });
    return this.writing;
  }

  /** Drops what is gathered and writes no more. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = '';
  }
}
