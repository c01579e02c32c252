import { z } from 'zod';

/**
 * How a media was made, as the server recorded it from the generation job that produced its file
 * (never as a client claimed it). Null on a media no job made: an upload, or a record from before.
 */
export const mediaGenerationSchema = z.object({
  jobId: z.string(),
  /** The adapter that ran the job, e.g. `demo`, `replicate`. */
  provider: z.string(),
  /** The model the provider reported; null when it reports none. */
  model: z.string().nullable(),
  /** The seed the provider reported for this output; null when it reports none. */
  seed: z.number().int().nullable(),
  prompt: z.string(),
  /** The picture the job varied or animated; null for a prompt-only image. */
  subject: z.string().nullable(),
  /** A selfie sent in a chat: the chat and the message that showed it. */
  chatId: z.string().optional(),
  messageId: z.string().optional(),
});
export type MediaGeneration = z.infer<typeof mediaGenerationSchema>;

/** `GET /api/media/:id/download?format=png`: the image with its prompt and settings in text chunks. */
export const mediaDownloadQuerySchema = z.object({ format: z.enum(['png']).default('png') });

/** The PNG text chunk keywords of a download: A1111's own, and ours holding the generation as JSON. */
export const PNG_PARAMETERS_KEYWORD = 'parameters';
export const PNG_BAEGEN_KEYWORD = 'baegen';
