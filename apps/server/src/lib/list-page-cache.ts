interface UserPages {
  version: number;
  pages: Map<string, Buffer>;
  bytes: number;
}

/**
 * Serialised list pages per user, valid for one data version of that user (migration 006). Every
 * write to a user's characters or media raises the version in its own transaction, and each
 * request learns the version from its session lookup: read fresh on SQLite and by the writer's
 * own instance, announced to the other PostgreSQL instances (ADR 016). Users are evicted least
 * recently used first beyond `maxBytes`. Pages are kept as the bytes sent: a string would be
 * encoded to UTF-8 again on every hit.
 */
export class ListPageCache {
  private readonly users = new Map<string, UserPages>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(userId: string, version: number, key: string): Buffer | undefined {
    const entry = this.users.get(userId);
    if (!entry || entry.version !== version) return undefined;
    // Map order is the eviction order: a hit makes the user the most recently used.
    this.users.delete(userId);
    this.users.set(userId, entry);
    return entry.pages.get(key);
  }

  set(userId: string, version: number, key: string, body: Buffer): void {
    if (body.length > this.maxBytes) return;
    let entry = this.users.get(userId);
    if (entry && entry.version < version) {
      this.drop(userId);
      entry = undefined;
    }
    // A request that read an older version than the cache holds finished late: nothing to keep.
    if (entry && entry.version > version) return;
    entry ??= { version, pages: new Map(), bytes: 0 };
    this.users.delete(userId);
    this.users.set(userId, entry);
    entry.bytes += body.length - (entry.pages.get(key)?.length ?? 0);
    this.bytes += body.length - (entry.pages.get(key)?.length ?? 0);
    entry.pages.set(key, body);
    for (const oldest of this.users.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(userId: string): void {
    const entry = this.users.get(userId);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.users.delete(userId);
  }
}
