import { z } from 'zod';
import { LIMITS } from './constants';
import { chatMessageSchema } from './chat-messages';
import { generationSchema } from './generations';
import { safeText } from './schemas';

/** Error codes of the chat's selfies (issue 26). */
export const SELFIE_ERROR_CODES = {
  /** The character shows a default avatar: a selfie has no face to start from. */
  noPortrait: 'CHARACTER_HAS_NO_PORTRAIT',
  /** Retry on a message with no picture that failed. */
  notRetryable: 'SELFIE_NOT_RETRYABLE',
  /** What a selfie whose job was cancelled records as its error's code. */
  cancelled: 'SELFIE_CANCELLED',
  /** What a selfie whose job failed without a code records. */
  failed: 'SELFIE_FAILED',
} as const;

/** What the server says of selfies; the web app shows the same strings. */
export const SELFIE_COPY = {
  /** The text of the message that carries a selfie. */
  sends: '*sends a selfie*',
  noPortrait: 'This character has no portrait yet. Give her a picture first, then ask for a selfie.',
  notRetryable: 'Only a picture that failed or was cancelled can be made again.',
  cancelled: 'The picture was cancelled.',
  failed: 'The picture could not be made. Please try again.',
  /** The text of an exported selfie line, as SillyTavern writes the pictures it sends. */
  exported: (scene: string) => `[{{char}} sends a picture that contains: ${scene}]`,
} as const;

/** A line SillyTavern wrote for a picture sent in the chat, whatever name it gave the sender. */
export const SENT_PICTURE_LINE = /^\[[^\]\n]* sends a picture that contains: [\s\S]*\]$/;

/** The function a chat model is offered to send a picture of the character on its own (issue 26). */
export const SELFIE_TOOL = {
  name: 'send_selfie',
  description:
    'Send the user a photo of yourself, as you look now, when they ask for one or when a picture suits the moment.',
  sceneDescription: 'What the photo shows: where you are, what you are doing and wearing, in a short phrase.',
} as const;

/** `POST /api/chats/:id/selfie`: the scene; without it the last messages describe the moment. */
export const selfieRequestSchema = z.strictObject({
  prompt: safeText().trim().min(1).max(LIMITS.prompt).optional(),
});

/** The message that carries the selfie, and the job making it. */
export const selfieStartedSchema = z.object({ message: chatMessageSchema, job: generationSchema });
export type SelfieStarted = z.infer<typeof selfieStartedSchema>;
