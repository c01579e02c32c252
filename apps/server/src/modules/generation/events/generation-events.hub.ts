import type { Generation } from '@baegen/shared/contract';
import { KeyedListeners } from '../../../lib/keyed-listeners';

export interface GenerationEvent {
  seq: number;
  job: Generation;
}

/**
 * Fans job updates out to the event streams of their owner in this process. Each event was
 * already written to the replay log, so a subscriber that misses one catches up by its seq.
 */
export class GenerationEventsHub {
  private readonly listeners_ = new KeyedListeners<GenerationEvent>();
  private readonly gapListeners = new Set<() => void>();

  subscribe(userId: string, listener: (event: GenerationEvent) => void): () => void {
    return this.listeners_.subscribe(userId, listener);
  }

  /** How many listeners (open streams, waiting calls) this user has here. */
  listeners(userId: string): number {
    return this.listeners_.count(userId);
  }

  /** Whether any stream of this user is open here. */
  watches(userId: string): boolean {
    return this.listeners_.has(userId);
  }

  publish(userId: string, event: GenerationEvent): void {
    this.listeners_.publish(userId, event);
  }

  /** `listener` runs when events may have been missed here (see `gap`); answers the unsubscribe. */
  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => void this.gapListeners.delete(listener);
  }

  /** Other instances' events of a while were not heard: whoever relies on them must catch up. */
  gap(): void {
    for (const listener of this.gapListeners) listener();
  }
}
