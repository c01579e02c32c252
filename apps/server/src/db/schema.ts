import type { Generated } from 'kysely';

/** Table types for Kysely. Timestamps are ISO-8601 strings in both dialects; flags are 0/1 integers. */

export interface UsersTable {
  id: string;
  wallet_address: string;
  created_at: string;
  /** Raised by every write to the user's characters or media (migration 006). */
  data_version: Generated<number>;
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
  /** The rest of an imported character card, as JSON text (migration 009); null otherwise. */
  card_data: string | null;
  /** 1 when the user starred the character (migration 007). */
  favorite: Generated<number>;
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
  /** The stored file behind `url` when it is one of ours; one media record per file and user. */
  file_id: string | null;
  created_at: string;
  /** JSON of the shared MediaGeneration: how the media was made; null when no job made it (008). */
  generation: string | null;
  /** 1 when the user starred the media (migration 007). */
  favorite: Generated<number>;
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

export interface GenerationsTable {
  id: string;
  user_id: string;
  kind: 'image' | 'character' | 'video';
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  prompt: string;
  character_id: string | null;
  /** The picture a character job varies, or a video job animates. */
  subject: string | null;
  outputs_requested: number;
  /** JSON of the image options asked for (aspect ratio, negative prompt, style); null for none. */
  options: string | null;
  phase: string;
  percent: number | null;
  queue_position: number | null;
  eta_seconds: number | null;
  /** JSON arrays of our /api/files URLs and of the media records a job saved. */
  outputs: string;
  media_ids: string;
  error_code: string | null;
  error_message: string | null;
  provider: string;
  /** The provider's own prediction or request id, written before waiting on it. */
  provider_job_id: string | null;
  /** The instance running the job and until when; an expired lease lets another take over. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/** One stored output of a generation job, with what its provider reported of it (migration 008). */
export interface GenerationOutputsTable {
  user_id: string;
  file_id: string;
  generation_id: string;
  model: string | null;
  /** A number on SQLite; PostgreSQL answers bigint as a string. */
  seed: number | string | null;
}

export interface GenerationEventCountersTable {
  user_id: string;
  seq: number;
}

export interface GenerationEventsTable {
  user_id: string;
  seq: number;
  generation_id: string;
  /** The job document as it was sent. */
  data: string;
  created_at: string;
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

/** A rate-limit window shared by every instance: `count` hits until `expires_at` (epoch ms). */
export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: number;
}

/** When a periodic task last ran anywhere in the fleet (epoch ms), so only one instance runs it. */
export interface PeriodicRunsTable {
  name: string;
  run_at: number;
  /** The instance running the task now, until `lease_until` (epoch ms); null between runs. */
  lease_owner: string | null;
  lease_until: number | null;
}

/** A chat with one of the user's characters (migration 011). */
export interface ChatsTable {
  id: string;
  user_id: string;
  character_id: string;
  title: string;
  /** Who `{{user}}` stands for in this chat. */
  user_name: string;
  /** Text the user pins for the character to remember. */
  memory: string;
  message_count: number;
  /** The `seq` of the chat's latest message; the next one takes the one after it. */
  last_seq: number;
  last_message_at: string;
  created_at: string;
  updated_at: string;
  /** A rolling summary of the messages that left the context window, up to `summary_through`. */
  summary: Generated<string>;
  summary_through: Generated<number>;
  summary_updated_at: string | null;
  /** What went into the latest reply's prompt, as JSON (`ChatContextUsage`). */
  last_context: string | null;
}

export interface ChatMessagesTable {
  id: string;
  chat_id: string;
  user_id: string;
  /** Orders the messages of a chat. */
  seq: number;
  role: 'user' | 'assistant';
  /** The text of the swipe on show, appended to while a reply is written. */
  content: string;
  /** JSON array of every swipe's text; its entry at swipe_index is `content` once written. */
  swipes: string;
  swipe_index: number;
  status: 'streaming' | 'done' | 'stopped' | 'failed';
  error_code: string | null;
  error_message: string | null;
  /** JSON array of the shared ChatAttachment. */
  attachments: string;
  /** The generation job making the message's picture, until its end is recorded. */
  selfie_job_id: string | null;
  tokens: number | null;
  model: string | null;
  /** Raised by every edit, guarding read-modify-writes. */
  revision: number;
  /** The instance writing the reply and until when; set once, when a worker takes it. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  auth_nonces: AuthNoncesTable;
  sessions: SessionsTable;
  characters: CharactersTable;
  media: MediaTable;
  files: FilesTable;
  generations: GenerationsTable;
  generation_outputs: GenerationOutputsTable;
  generation_event_counters: GenerationEventCountersTable;
  generation_events: GenerationEventsTable;
  jobs: JobsTable;
  rate_limits: RateLimitsTable;
  periodic_runs: PeriodicRunsTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
}
