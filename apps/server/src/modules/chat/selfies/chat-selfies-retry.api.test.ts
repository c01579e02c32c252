import { describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  SELFIE_COPY,
  SELFIE_ERROR_CODES,
  mediaListSchema,
  selfiePaths,
  selfieStartedSchema,
} from '@baegen/shared/contract';
import { waitForMessage } from '../../../test/chat-kit';
import { waitForJob } from '../../../test/generation-jobs-kit';
import { gatedImageProvider, pictured, startPortraitChat, startSelfie } from '../../../test/selfie-kit';
import { TEST_DIALECT } from '../../../test/test-app';
import { useSignedIn, useTestApp } from '../../../test/test-hooks';

const failed = (message: ChatMessage) => message.status === 'failed';

describe(`selfies that fail, are cancelled, made again, or ended unheard (${TEST_DIALECT})`, () => {
  const image = gatedImageProvider();
  const ctx = useTestApp({}, { providers: { image: image.provider } });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);
  const retry = (who: typeof alice, chatId: string, messageId: string) =>
    ctx.app.inject({ method: 'POST', url: selfiePaths.retry(chatId, messageId), headers: who.headers });
  const mediaOf = async (characterId: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/media?characterId=${characterId}`,
      headers: alice.headers,
    });
    return mediaListSchema.parse(res.json()).documents;
  };

  it("shows a failed job's error, and Retry makes the picture with a new job", async () => {
    image.fail();
    const chat = await startPortraitChat(ctx, alice);
    const { message, job } = await startSelfie(ctx, alice, chat.$id, 'by the window');
    const ended = await waitForJob(ctx, alice, job.$id, 'failed');
    const shown = await waitForMessage(ctx.app, alice, chat.$id, message.$id, failed);
    expect(shown.error).toEqual(ended.error);
    expect(shown.attachments).toEqual([{ type: 'image', jobId: job.$id, mediaId: null, url: null }]);
    expect((await retry(bob, chat.$id, message.$id)).statusCode).toBe(404);

    image.release();
    const res = await retry(alice, chat.$id, message.$id);
    expect(res.statusCode, res.body).toBe(202);
    const again = selfieStartedSchema.parse(res.json());
    expect(again.job.$id).not.toBe(job.$id);
    expect(again.job.prompt).toBe(job.prompt);
    expect(again.message).toMatchObject({ $id: message.$id, status: 'done', error: null });
    const pictureShown = await waitForMessage(ctx.app, alice, chat.$id, message.$id, pictured);
    expect(pictureShown.attachments[0]).toMatchObject({ jobId: again.job.$id, mediaId: again.job.$id });
    const refused = await retry(alice, chat.$id, message.$id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: SELFIE_ERROR_CODES.notRetryable } });
  });

  it('shows a cancelled job as cancelled, and Retry makes it again', async () => {
    image.hold();
    const chat = await startPortraitChat(ctx, alice);
    const { message, job } = await startSelfie(ctx, alice, chat.$id);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/generations/${job.$id}/cancel`,
      headers: alice.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const shown = await waitForMessage(ctx.app, alice, chat.$id, message.$id, failed);
    expect(shown.error).toEqual({ code: SELFIE_ERROR_CODES.cancelled, message: SELFIE_COPY.cancelled });
    image.release();
    expect((await retry(alice, chat.$id, message.$id)).statusCode).toBe(202);
    await waitForMessage(ctx.app, alice, chat.$id, message.$id, pictured);
  });

  it('settles at the periodic check a picture whose end nobody heard, saving it once', async () => {
    image.release();
    const chat = await startPortraitChat(ctx, alice);
    const { message, job } = await startSelfie(ctx, alice, chat.$id);
    const shown = await waitForMessage(ctx.app, alice, chat.$id, message.$id, pictured);
    // As if the process died between the job's end and the message's update.
    await ctx.database.db
      .updateTable('chat_messages')
      .set({
        selfie_job_id: job.$id,
        attachments: JSON.stringify([{ type: 'image', jobId: job.$id, mediaId: null, url: null }]),
      })
      .where('id', '=', message.$id)
      .execute();
    await ctx.app.scheduler.run('chat-selfies');
    const settled = await waitForMessage(ctx.app, alice, chat.$id, message.$id, pictured);
    expect(settled.attachments).toEqual(shown.attachments);
    expect(await mediaOf(chat.characterId)).toHaveLength(1);
  });
});
