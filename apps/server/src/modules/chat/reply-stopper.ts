import { CHAT_STOP_CHANNEL, decodeStopNotice, encodeStopNotice } from './events/chat-notices';
import type { RunningReplies } from './running-replies';

interface Announcer {
  announce(channel: string, payload: string): Promise<void>;
}

/**
 * Ends the provider request of a stopped (or deleted) reply within moments, wherever it runs:
 * here through the registry of running replies, elsewhere through an announcement (with `origin`,
 * when instances share the database). A worker that misses both still finds out at its next write
 * or lease renewal, which the row refuses.
 */
export class ReplyStopper {
  constructor(
    private readonly running: RunningReplies,
    private readonly announcer: Announcer,
    private readonly origin: string | null,
  ) {}

  async stop(userId: string, messageId: string): Promise<void> {
    this.running.abort(messageId);
    if (this.origin) {
      await this.announcer.announce(
        CHAT_STOP_CHANNEL,
        encodeStopNotice({ origin: this.origin, userId, messageId }),
      );
    }
  }

  receive(payload: string): void {
    const notice = decodeStopNotice(payload);
    if (notice && notice.origin !== this.origin) this.running.abort(notice.messageId);
  }
}
