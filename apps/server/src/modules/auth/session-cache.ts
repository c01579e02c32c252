import type { SignedIn } from './auth.service';

interface Held<T> {
  value: T;
  /** Clock time (ms) after which the entry is read again from the database. */
  until: number;
}

/** What `set` needs besides the session: when it was read, and the cache's mark at that moment. */
export interface SessionRead {
  /** When the lookup started: an entry lives `ttlMs` from then, not from when the answer came. */
  readAt: number;
  /** When the session itself runs out: an entry never outlives it. */
  sessionEndsAt: number;
  /** `mark()` taken before the lookup. */
  mark: number;
}

/**
 * Sessions and users' data versions as this instance last read them: on PostgreSQL each request
 * would otherwise pay a round trip for them (ADR 016), on SQLite a query through the one
 * connection (ADR 017). An entry lives at most `ttlMs` from the start of the read that made it;
 * revocations and writes heard on the announcement channels, and this instance's own, drop
 * entries before that. A lookup that overlapped any drop is answered but not kept: it may have
 * read the state from before the change.
 */
export class SessionCache {
  private readonly sessions = new Map<string, Held<{ userId: string; walletAddress: string }>>();
  private readonly versions = new Map<string, Held<number>>();
  private drops = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(tokenHash: string, now: number): SignedIn | undefined {
    const session = this.sessions.get(tokenHash);
    if (!session || session.until <= now) return undefined;
    const version = this.versions.get(session.value.userId);
    if (!version || version.until <= now) return undefined;
    return { ...session.value, dataVersion: version.value };
  }

  /** Changes with every drop; `set` keeps a read only if no drop happened since its mark. */
  mark(): number {
    return this.drops;
  }

  set(tokenHash: string, signedIn: SignedIn, read: SessionRead): void {
    if (read.mark !== this.drops) return;
    const until = read.readAt + this.ttlMs;
    const { userId, walletAddress, dataVersion } = signedIn;
    this.keep(this.sessions, tokenHash, {
      value: { userId, walletAddress },
      until: Math.min(until, read.sessionEndsAt),
    });
    this.keep(this.versions, userId, { value: dataVersion, until });
  }

  /** The session was revoked: the next request with it reads the database. */
  dropSession(tokenHash: string): void {
    this.drops += 1;
    this.sessions.delete(tokenHash);
  }

  /** The user's data changed: the next request of theirs reads the new version. */
  dropVersion(userId: string): void {
    this.drops += 1;
    this.versions.delete(userId);
  }

  /** Announcements may have been missed: nothing held can be trusted. */
  clear(): void {
    this.drops += 1;
    this.sessions.clear();
    this.versions.clear();
  }

  private keep<T>(map: Map<string, Held<T>>, key: string, held: Held<T>): void {
    // Map order is insertion order, so re-inserting makes the first key the longest unused one.
    map.delete(key);
    map.set(key, held);
    if (map.size > this.maxEntries) map.delete(map.keys().next().value!);
  }
}
