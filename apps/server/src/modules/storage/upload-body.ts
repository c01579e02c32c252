import type { Readable } from 'node:stream';
import { AppError } from '../../errors/app-error';

const noop = () => undefined;

/**
 * The bytes of one upload request, read as they arrive instead of buffered whole: the first bytes
 * can be looked at (to sniff the type) before anything is written, and the size is enforced while
 * streaming, so a body longer than announced is refused as soon as its extra bytes show up.
 * Once reading starts it never pauses: a slow disk write must not stall the transfer, and what
 * can pile up is bounded by `limit` (one chunk), as when a body was buffered whole.
 */
export class UploadBody {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private received = 0;
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  /**
   * @param expected the exact number of bytes the body must hold, or null when only `limit` applies
   * @param limit the most bytes one request may carry
   */
  constructor(
    private readonly stream: Readable,
    private readonly expected: number | null,
    private readonly limit: number,
  ) {
    stream.on('data', this.onData);
    stream.on('end', this.onEnd);
    stream.on('error', this.onError);
    stream.on('close', this.onClose);
    stream.pause();
  }

  private readonly onData = (piece: Buffer) => {
    this.received += piece.length;
    if (this.expected !== null && this.received > this.expected) {
      this.fail(this.mismatch('more'));
    } else if (this.received > this.limit) {
      this.fail(new AppError(413, 'CHUNK_TOO_LARGE', `A chunk may hold at most ${this.limit} bytes`));
    } else {
      this.queue.push(piece);
      this.queued += piece.length;
    }
    this.notify();
  };

  private readonly onEnd = () => {
    this.ended = true;
    if (this.expected !== null && this.received < this.expected && !this.failure) {
      this.fail(this.mismatch('only'));
    }
    this.notify();
  };

  private readonly onError = (error: Error) => {
    this.fail(error);
    this.notify();
  };

  private readonly onClose = () => {
    if (!this.ended) this.fail(new Error('The client went away before the body was complete'));
    this.notify();
  };

  private mismatch(word: 'more' | 'only') {
    return AppError.badRequest(
      `Content-Range announces ${this.expected} bytes but the body holds ${word === 'more' ? 'more' : `only ${this.received}`}`,
      'CHUNK_SIZE_MISMATCH',
    );
  }

  private fail(error: Error) {
    this.failure ??= error;
  }

  private notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** The next piece, or null once the body is complete and of the right size. */
  private async next(): Promise<Buffer | null> {
    for (;;) {
      if (this.failure) throw this.failure;
      const piece = this.queue.shift();
      if (piece) {
        this.queued -= piece.length;
        return piece;
      }
      if (this.ended) return null;
      this.stream.resume();
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** At least the first `bytes` bytes (fewer when the body is shorter); they stay to be read. */
  async head(bytes: number): Promise<Buffer> {
    while (this.queued < bytes && !this.ended && !this.failure) {
      this.stream.resume();
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    if (this.failure) throw this.failure;
    return Buffer.concat(this.queue);
  }

  /** The pieces as they arrive, each passed to `observe` first; throws when the size is wrong. */
  async *pieces(observe?: (piece: Buffer) => void): AsyncGenerator<Buffer> {
    for (let piece = await this.next(); piece; piece = await this.next()) {
      observe?.(piece);
      yield piece;
    }
  }

  /** The whole body in one buffer (for a body that is a whole small file). */
  async toBuffer(): Promise<Buffer> {
    const pieces: Buffer[] = [];
    for await (const piece of this.pieces()) pieces.push(piece);
    return Buffer.concat(pieces);
  }

  /**
   * Stops reading. Whatever the request still holds flows past unread, so the answer can be sent
   * and read on the same connection.
   */
  release() {
    this.stream.off('data', this.onData);
    this.stream.off('end', this.onEnd);
    this.stream.off('error', this.onError);
    this.stream.off('close', this.onClose);
    this.queue.length = 0;
    this.queued = 0;
    if (!this.stream.readableEnded) {
      this.stream.on('data', noop);
      this.stream.on('error', noop);
      this.stream.resume();
    }
  }
}
