/** Table types for Kysely. Timestamps are ISO-8601 strings in both dialects; flags are 0/1 integers. */

export interface UsersTable {
  id: string;
  wallet_address: string;
  created_at: string;
}

export interface AuthNoncesTable {
  nonce: string;
  address: string;
  message: string;
  issued_at: string;
  expires_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface CharactersTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  attributes: string;
  image_url: string;
  created_at: string;
  updated_at: string | null;
}

export interface MediaTable {
  id: string;
  user_id: string;
  /** Not a foreign key: media outlive their character ("Unknown Character"). */
  character_id: string;
  type: 'video' | 'image';
  prompt: string;
  url: string;
  thumbnail: string;
  created_at: string;
}

export interface FilesTable {
  id: string;
  user_id: string;
  name: string;
  mime_type: string;
  /** Bytes stored so far; equals total_size once the upload is complete. */
  size: number;
  total_size: number;
  sha256: string | null;
  /** 'uploading' while chunks arrive, 'ready' once complete. */
  status: 'uploading' | 'ready';
  /** 1 for a provider output nobody has kept yet; the sweeper deletes old ones. */
  candidate: number;
  created_at: string;
  updated_at: string;
}

/** The job queue's dispatch table (SQLite, or PostgreSQL without graphile-worker); rows go once handled. */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON text. */
  payload: string;
  /** Dedupe key: enqueuing a key that is still queued or running does nothing. */
  key: string | null;
  /** Attempts started so far, the running one included. */
  attempts: number;
  max_attempts: number;
  run_at: string;
  /** The queue instance holding the lease, until locked_until. */
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  auth_nonces: AuthNoncesTable;
  sessions: SessionsTable;
  characters: CharactersTable;
  media: MediaTable;
  files: FilesTable;
  jobs: JobsTable;
}
