import type { Generation } from '@baegen/shared';

export interface GenerationEvent {
  seq: number;
  job: Generation;
}

type Listener = (event: GenerationEvent) => void;

/**
 * Fans job updates out to the event streams of their owner in this process. Each event was
 * already written to the replay log, so a subscriber that misses one catches up by its seq.
 */
export class GenerationEventsHub {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** Whether any stream of this user is open here. */
  watches(userId: string): boolean {
    return this.listeners.has(userId);
  }

  publish(userId: string, event: GenerationEvent): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(event);
  }
}
