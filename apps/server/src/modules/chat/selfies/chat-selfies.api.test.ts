import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SELFIE_COPY, SELFIE_ERROR_CODES, mediaListSchema } from '@baegen/shared/contract';
import { messagesOf, openChatStream, send, startChat, waitForMessage } from '../../../test/chat-kit';
import { waitForJob } from '../../../test/generation-jobs-kit';
import {
  gatedImageProvider,
  pictured,
  requestSelfie,
  startPortraitChat,
  startSelfie,
} from '../../../test/selfie-kit';
import { TEST_DIALECT } from '../../../test/test-app';
import { useSignedIn, useTestApp } from '../../../test/test-hooks';

describe(`selfies in a chat (${TEST_DIALECT})`, () => {
  const image = gatedImageProvider();
  const ctx = useTestApp({ GENERATION_MAX_ACTIVE: '2' }, { providers: { image: image.provider } });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  it('makes her picture from her portrait, saves it to media with its provenance and shows it', async () => {
    const chat = await startPortraitChat(ctx, alice);
    const { message, job } = await startSelfie(ctx, alice, chat.$id, 'on a rooftop at dusk');
    expect(message).toMatchObject({ role: 'assistant', status: 'done', content: SELFIE_COPY.sends });
    expect(message.attachments).toEqual([{ type: 'image', jobId: job.$id, mediaId: null, url: null }]);
    expect(job).toMatchObject({ kind: 'character', characterId: chat.characterId });
    expect(job.prompt).toContain('green eyes, braid');
    expect(job.prompt).toContain('on a rooftop at dusk');

    const shown = await waitForMessage(ctx.app, alice, chat.$id, message.$id, pictured);
    const [attachment] = shown.attachments;
    expect(attachment).toMatchObject({ jobId: job.$id, mediaId: job.$id });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/media?characterId=${chat.characterId}`,
      headers: alice.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { documents } = mediaListSchema.parse(res.json());
    expect(documents).toHaveLength(1);
    const [media] = documents;
    expect(media).toMatchObject({ type: 'image', characterId: chat.characterId, url: attachment!.url });
    expect(media!.generation).toMatchObject({
      jobId: job.$id,
      prompt: job.prompt,
      chatId: chat.$id,
      messageId: message.$id,
    });
  });

  it('draws the scene from the last message, and sends the picture on the chat stream', async () => {
    const chat = await startPortraitChat(ctx, alice);
    const { reply } = await send(ctx.app, alice, chat.$id, '*waves* At the beach today! Fun.');
    await waitForMessage(ctx.app, alice, chat.$id, reply.$id, (message) => message.status === 'done');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const stream = await openChatStream(`http://127.0.0.1:${port}`, alice, chat.$id);
    const { message, job } = await startSelfie(ctx, alice, chat.$id);
    expect(job.prompt).toContain('waves At the beach today!');
    expect(job.prompt).not.toContain('Fun.');
    await stream.until(() =>
      stream.events.some(
        (event) => event.event === 'message' && event.message.$id === message.$id && pictured(event.message),
      ),
    );
    await stream.close();
  });

  it("answers 404 for another user's chat, and 409 for a character with no portrait", async () => {
    const chat = await startPortraitChat(ctx, alice);
    const foreign = await requestSelfie(ctx, bob, chat.$id);
    expect(foreign.statusCode).toBe(404);
    const plain = await startChat(ctx.app, alice);
    const refused = await requestSelfie(ctx, alice, plain.$id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: SELFIE_ERROR_CODES.noPortrait, message: SELFIE_COPY.noPortrait },
    });
    expect(await messagesOf(ctx.app, alice, plain.$id)).toHaveLength(1);
  });

  it('counts against the cap on active generations: 429 and no message', async () => {
    image.hold();
    const chat = await startPortraitChat(ctx, bob);
    const first = await startSelfie(ctx, bob, chat.$id);
    await startSelfie(ctx, bob, chat.$id);
    const third = await requestSelfie(ctx, bob, chat.$id);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: { code: 'TOO_MANY_ACTIVE_GENERATIONS' } });
    expect(await messagesOf(ctx.app, bob, chat.$id)).toHaveLength(3);
    image.release();
    await waitForMessage(ctx.app, bob, chat.$id, first.message.$id, pictured);
    await waitForJob(ctx, bob, first.job.$id, 'succeeded');
  });

  it('sends a picture with the demo reply to a message asking for one, and none otherwise', async () => {
    image.release();
    const chat = await startPortraitChat(ctx, alice);
    const plain = await send(ctx.app, alice, chat.$id, 'How was your day?');
    const quiet = await waitForMessage(ctx.app, alice, chat.$id, plain.reply.$id, (m) => m.status === 'done');
    expect(quiet.attachments).toEqual([]);
    const asked = await send(ctx.app, alice, chat.$id, 'Send me a pic from the beach!');
    const shown = await waitForMessage(ctx.app, alice, chat.$id, asked.reply.$id, pictured);
    expect(shown.content.length).toBeGreaterThan(0);
    expect(image.prompts.at(-1)).toContain('Send me a pic from the beach!');
    const noPortrait = await startChat(ctx.app, alice);
    const refused = await send(ctx.app, alice, noPortrait.$id, 'A selfie, please?');
    const answered = await waitForMessage(
      ctx.app,
      alice,
      noPortrait.$id,
      refused.reply.$id,
      (m) => m.status === 'done',
    );
    expect(answered.attachments).toEqual([]);
  });
});
