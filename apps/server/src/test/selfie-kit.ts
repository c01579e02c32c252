import sharp from 'sharp';
import { expect } from 'vitest';
import {
  type Chat,
  type ChatMessage,
  characterSchema,
  chatPaths,
  chatSchema,
  selfiePaths,
  selfieStartedSchema,
} from '@baegen/shared/contract';
import { ALL_GENERATION_CAPABILITIES } from '../modules/generation/providers/image/image-shape';
import type { ImageProvider } from '../modules/generation/providers/ports';
import { uploadSubject } from './generation-kit';
import type { TestContext } from './test-app';
import type { SignedIn } from './test-hooks';

type Who = Pick<SignedIn, 'headers'>;

/**
 * An image provider whose character pictures wait until the test lets them through (`release`),
 * or fail (`fail`); `prompts` records what it was asked.
 */
export function gatedImageProvider() {
  const prompts: string[] = [];
  let outcome: 'wait' | 'pass' | 'fail' = 'pass';
  const picture = sharp({ create: { width: 16, height: 16, channels: 3, background: '#c36' } })
    .png()
    .toBuffer();
  const provider: ImageProvider = {
    name: 'gated',
    capabilities: ALL_GENERATION_CAPABILITIES,
    generate: async () => [{ kind: 'bytes', data: await picture }],
    generateCharacter: async (prompt, _subject, outputs, signal) => {
      prompts.push(prompt);
      while (outcome === 'wait') {
        signal.throwIfAborted();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (outcome === 'fail') throw new Error('the vendor is down');
      const data = await picture;
      return Array.from({ length: outputs }, () => ({ kind: 'bytes' as const, data }));
    },
  };
  return {
    provider,
    prompts,
    hold: () => void (outcome = 'wait'),
    release: () => void (outcome = 'pass'),
    fail: () => void (outcome = 'fail'),
  };
}

/** A character with a portrait of her own (an uploaded picture), and a new chat with her. */
export async function startPortraitChat(ctx: TestContext, who: Who, name = 'Mira'): Promise<Chat> {
  const subject = await uploadSubject(ctx, who);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/characters',
    headers: who.headers,
    payload: { name, description: `${name} paints.`, appearance: 'green eyes, braid', imageUrl: subject.url },
  });
  expect(res.statusCode, res.body).toBe(201);
  const chat = await ctx.app.inject({
    method: 'POST',
    url: chatPaths.create(characterSchema.parse(res.json()).$id),
    headers: who.headers,
  });
  expect(chat.statusCode, chat.body).toBe(201);
  return chatSchema.parse(chat.json());
}

export function requestSelfie(ctx: TestContext, who: Who, chatId: string, prompt?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: selfiePaths.start(chatId),
    headers: who.headers,
    payload: prompt === undefined ? {} : { prompt },
  });
}

export async function startSelfie(ctx: TestContext, who: Who, chatId: string, prompt?: string) {
  const res = await requestSelfie(ctx, who, chatId, prompt);
  expect(res.statusCode, res.body).toBe(202);
  return selfieStartedSchema.parse(res.json());
}

/** The message's picture has been saved and is shown. */
export const pictured = (message: ChatMessage) => message.attachments[0]?.mediaId != null;
