import { LIMITS } from '@baegen/shared/contract';
import type { CharacterCardData } from '../../characters';

/** Words of a message that asks for a picture. */
const ASKS_FOR_PICTURE = /\b(selfies?|photos?|pictures?|pics?)\b/i;
/** The scene is a short line: the prompt is mostly who she is, this only where and how. */
const SCENE_CHARS = 200;

export const asksForPicture = (text: string) => ASKS_FOR_PICTURE.test(text);

const plainText = (text: string) =>
  text
    .replace(/[*_"“”~`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The scene a model gave when it called for a picture; without one the last messages tell it. */
export function sceneOfCall(description: unknown): string | undefined {
  const scene = typeof description === 'string' ? plainText(description).slice(0, SCENE_CHARS).trim() : '';
  return scene || undefined;
}

/**
 * The current moment in a few words, drawn from the last message the user wrote: its first
 * sentence, without roleplay marks. Extractive, so it works offline with any chat provider.
 */
export function sceneOf(messages: { role: string; content: string }[]): string {
  const last = [...messages].reverse().find((message) => message.role === 'user');
  if (!last) return '';
  const plain = plainText(last.content);
  const sentence = plain.split(/(?<=[.!?])\s/)[0] ?? '';
  return sentence.slice(0, SCENE_CHARS).trim();
}

/** Who she is (her appearance, her card's picture prompt), then the scene; within the prompt limit. */
export function selfiePrompt(
  card: Pick<CharacterCardData, 'appearance' | 'description' | 'sd_prompt'>,
  scene: string,
) {
  const looks = card.appearance.trim() || card.description.trim();
  return ['selfie', looks, card.sd_prompt, scene]
    .filter((part) => part.length > 0)
    .join(', ')
    .slice(0, LIMITS.prompt);
}
