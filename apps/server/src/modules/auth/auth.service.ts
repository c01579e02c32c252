import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import bs58 from 'bs58';
import { userIdFromAddress, type NonceResponse, type Session } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { buildSignInMessage, parseSignInMessage } from './auth-message';
import type { AuthRepository } from './auth.repository';
import type { SessionCache } from './session-cache';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Whether `signature` is `publicKey`'s Ed25519 signature of `message`. Node's native check: in
 * JavaScript (tweetnacl) it held the event loop ~20 ms per sign-in, every other request waiting.
 */
function signedBy(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}

/** Decodes base58 into exactly `length` bytes, or fails with a 400 naming the field. */
function decodeBase58(value: string, length: number, field: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw AppError.badRequest(`${field} is not valid base58`, 'INVALID_BASE58');
  }
  if (bytes.length !== length) {
    throw AppError.badRequest(`${field} must be ${length} bytes, got ${bytes.length}`, 'INVALID_LENGTH');
  }
  return bytes;
}

export interface AuthServiceOptions {
  sessionTtlMs: number;
  /** How long an issued sign-in message can be signed and sent back. */
  nonceTtlMs: number;
  /** Sessions and data versions kept between requests (ADR 016, 017). */
  cache?: SessionCache;
}

const invalidLogin = () => AppError.unauthorized('Invalid or expired sign-in message', 'INVALID_SIGNATURE');

/** A request's session as the server knows it: the user and their current data version. */
export interface SignedIn extends Session {
  /** See migration 006: raised by every write to the user's characters or media. */
  dataVersion: number;
}

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    private readonly options: AuthServiceOptions,
  ) {}

  async issueNonce(address: string, domain: string): Promise<NonceResponse> {
    decodeBase58(address, 32, 'Wallet address');
    const issued = this.clock();
    const nonce = newId(16);
    const issuedAt = issued.toISOString();
    const expiresAt = new Date(issued.getTime() + this.options.nonceTtlMs).toISOString();
    const message = buildSignInMessage({ address, domain, nonce, issuedAt, expiresAt });
    await this.repo.deleteExpiredNonces(issuedAt);
    await this.repo.insertNonce({ nonce, address, message, issued_at: issuedAt, expires_at: expiresAt });
    return { nonce, message, expiresAt };
  }

  /** Verifies a signed sign-in message and opens a session; returns the raw session token. */
  async login(
    input: { address: string; message: string; signature: string },
    domain: string,
  ): Promise<{ session: Session; token: string; expiresAt: Date }> {
    const publicKey = decodeBase58(input.address, 32, 'Wallet address');
    const signature = decodeBase58(input.signature, 64, 'Signature');
    const fields = parseSignInMessage(input.message);
    if (!fields || fields.address !== input.address || fields.domain !== domain) throw invalidLogin();

    const stored = await this.repo.consumeNonce(fields.nonce, input.address);
    const now = this.clock();
    if (!stored || stored.message !== input.message || new Date(stored.expires_at) <= now) {
      throw invalidLogin();
    }
    const messageBytes = new TextEncoder().encode(input.message);
    if (!signedBy(messageBytes, signature, publicKey)) throw invalidLogin();

    const userId = userIdFromAddress(input.address);
    const nowIso = now.toISOString();
    await this.repo.upsertUser(userId, input.address, nowIso);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.options.sessionTtlMs);
    await this.repo.deleteExpiredSessions(nowIso);
    await this.repo.insertSession(hashToken(token), userId, nowIso, expiresAt.toISOString());
    return { session: { userId, walletAddress: input.address }, token, expiresAt };
  }

  async sessionFor(token: string | undefined): Promise<SignedIn | undefined> {
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const now = this.clock();
    const { cache } = this.options;
    const cached = cache?.get(tokenHash, now.getTime());
    if (cached) return cached;
    const mark = cache?.mark() ?? 0;
    const found = await this.repo.findSession(tokenHash, now.toISOString());
    if (!found) return undefined;
    const { expiresAt, ...signedIn } = found;
    cache?.set(tokenHash, signedIn, { readAt: now.getTime(), sessionEndsAt: Date.parse(expiresAt), mark });
    return signedIn;
  }

  /** Ends the session here at once; the repository announces it to the other instances. */
  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const tokenHash = hashToken(token);
    await this.repo.deleteSession(tokenHash);
    this.options.cache?.dropSession(tokenHash);
  }

  /** A request of the user's wrote: their next request here reads the data version again. */
  wrote(userId: string): void {
    this.options.cache?.dropVersion(userId);
  }
}
