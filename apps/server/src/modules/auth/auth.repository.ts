import type { Db } from '../../db/client';
import { compiledOnce } from '../../db/compiled-once';
import { announce } from '../../db/sql-helpers';

/** Carries the id of each user whose data version was raised (db/sql-helpers.ts). */
export { DATA_VERSIONS_CHANNEL } from '../../db/sql-helpers';

/** Carries the token hash of each session signed out, so every instance forgets it (ADR 016). */
export const SESSIONS_REVOKED_CHANNEL = 'baegen_sessions_revoked';

export interface NonceRow {
  nonce: string;
  address: string;
  message: string;
  issued_at: string;
  expires_at: string;
}

/** A signed-in session as the database holds it. */
export interface FoundSession {
  userId: string;
  walletAddress: string;
  dataVersion: number;
  expiresAt: string;
}

// Every signed-in request whose session is not kept runs it: built and compiled once.
const sessionQuery = compiledOnce((db, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id as userId',
      'users.wallet_address as walletAddress',
      'users.data_version as dataVersion',
      'sessions.expires_at as expiresAt',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now),
);

export class AuthRepository {
  /**
   * `announced`: other instances, or other apps of this process on SQLite, may hold sessions in
   * memory, so revocations are announced.
   */
  constructor(
    private readonly db: Db,
    private readonly announced = false,
  ) {}

  async insertNonce(row: NonceRow): Promise<void> {
    await this.db.insertInto('auth_nonces').values(row).execute();
  }

  /** Deletes and returns the nonce in one statement, so only the first login can use it. */
  async consumeNonce(nonce: string, address: string): Promise<NonceRow | undefined> {
    return this.db
      .deleteFrom('auth_nonces')
      .where('nonce', '=', nonce)
      .where('address', '=', address)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteExpiredNonces(now: string): Promise<void> {
    await this.db.deleteFrom('auth_nonces').where('expires_at', '<', now).execute();
  }

  async upsertUser(id: string, walletAddress: string, now: string): Promise<void> {
    await this.db
      .insertInto('users')
      .values({ id, wallet_address: walletAddress, created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async insertSession(tokenHash: string, userId: string, now: string, expiresAt: string) {
    await this.db
      .insertInto('sessions')
      .values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt })
      .execute();
  }

  async findSession(tokenHash: string, now: string): Promise<FoundSession | undefined> {
    const { rows } = await sessionQuery(this.db, tokenHash, now);
    return rows[0];
  }

  async deleteSession(tokenHash: string): Promise<void> {
    const deletion = this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash);
    // In the same statement: the announcement leaves when the deletion commits, never without it.
    await (
      this.announced
        ? deletion.returning(announce(this.db, SESSIONS_REVOKED_CHANNEL, 'token_hash'))
        : deletion
    ).execute();
  }

  async deleteExpiredSessions(now: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  }
}
