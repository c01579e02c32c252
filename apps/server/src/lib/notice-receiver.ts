/** What every instance's announcement carries: who sent it. */
interface Notice {
  origin: string;
}

interface NoticeHandling<N extends Notice> {
  /** This instance: its own notices were handled when it sent them. */
  origin: string;
  decode(payload: string): N | null;
  /** Whether anything here cares for the notice (a stream of it is open, say). */
  wanted(notice: N): boolean;
  handle(notice: N): Promise<void>;
  onError(error: unknown): void;
}

/**
 * Handles other instances' announcements one at a time, in the order they arrive (PostgreSQL
 * delivers them in the order of their commits), so what they bring is published in that order.
 */
export function noticeReceiver<N extends Notice>(how: NoticeHandling<N>): (payload: string) => void {
  let chain: Promise<void> = Promise.resolve();
  return (payload) => {
    const notice = how.decode(payload);
    if (!notice || notice.origin === how.origin || !how.wanted(notice)) return;
    chain = chain.then(() => how.handle(notice)).catch(how.onError);
  };
}
