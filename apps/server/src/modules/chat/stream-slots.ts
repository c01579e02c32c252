/** Counts each user's open event streams on this instance, up to `max` at once. */
export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** A slot for one more stream and the function that frees it; null when the user has `max` open. */
  take(userId: string): (() => void) | null {
    const count = this.open.get(userId) ?? 0;
    if (count >= this.max) return null;
    this.open.set(userId, count + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    };
  }
}
