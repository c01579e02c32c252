/** Listeners grouped by a key, each group dropped with its last listener. */
export class KeyedListeners<Event> {
  private readonly groups = new Map<string, Set<(event: Event) => void>>();

  /** Adds `listener` under `key`; answers the unsubscribe. */
  subscribe(key: string, listener: (event: Event) => void): () => void {
    let set = this.groups.get(key);
    if (!set) {
      set = new Set();
      this.groups.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.groups.delete(key);
    };
  }

  count(key: string): number {
    return this.groups.get(key)?.size ?? 0;
  }

  has(key: string): boolean {
    return this.groups.has(key);
  }

  publish(key: string, event: Event): void {
    for (const listener of this.groups.get(key) ?? []) listener(event);
  }
}
