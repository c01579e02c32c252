import type { Generation } from '@baegen/shared/contract';
import { isSafeInteger, isText, noticeCodec } from '../../../lib/notice-codec';
import { noticeReceiver } from '../../../lib/notice-receiver';
import type { GenerationEventsHub } from './generation-events.hub';
import type { StoredEvent } from '../generation.repository';

/** The PostgreSQL channel on which every instance announces the events it appends. */
export const GENERATION_EVENTS_CHANNEL = 'baegen_generation_events';

/** What an instance announces: which user's log grew, to which seq, and who appended it. */
const eventNotices = noticeCodec({ origin: isText, userId: isText, seq: isSafeInteger });

export const encodeNotice = eventNotices.encode;

interface RelayDeps {
  hub: GenerationEventsHub;
  /** This instance's own notices are already on its hub. */
  origin: string;
  event(userId: string, seq: number): Promise<StoredEvent | undefined>;
  onError(error: unknown): void;
}

/**
 * Brings other instances' job events to the streams open on this one. A notice carries only the
 * seq: the event itself is read from the replay log, so its size never matters.
 */
export class GenerationEventsRelay {
  readonly receive: (payload: string) => void;

  constructor(deps: RelayDeps) {
    this.receive = noticeReceiver({
      origin: deps.origin,
      decode: eventNotices.decode,
      wanted: (notice) => deps.hub.watches(notice.userId),
      handle: async ({ userId, seq }) => {
        const stored = await deps.event(userId, seq);
        if (stored) deps.hub.publish(userId, { seq: stored.seq, job: JSON.parse(stored.data) as Generation });
      },
      onError: deps.onError,
    });
  }
}
