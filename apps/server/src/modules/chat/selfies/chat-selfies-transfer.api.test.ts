import { describe, expect, it } from 'vitest';
import { SELFIE_COPY, chatPaths, chatSchema } from '@baegen/shared/contract';
import { messagesOf, waitForMessage } from '../../../test/chat-kit';
import { pictured, startPortraitChat, startSelfie } from '../../../test/selfie-kit';
import { TEST_DIALECT } from '../../../test/test-app';
import { type SignedIn, useSignedIn, useTestApp } from '../../../test/test-hooks';

describe(`selfies in exported and imported chats (${TEST_DIALECT})`, () => {
  const ctx = useTestApp();
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  async function importInto(who: SignedIn, characterId: string, body: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: chatPaths.import(characterId),
      headers: { ...who.headers, 'content-type': 'application/jsonl' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return messagesOf(ctx.app, who, chatSchema.parse(res.json()).$id);
  }

  it('carries the picture out as SillyTavern does and back in, as the media of its owner only', async () => {
    const chat = await startPortraitChat(ctx, alice);
    const { message, job } = await startSelfie(ctx, alice, chat.$id, 'on the pier');
    const shown = await waitForMessage(ctx.app, alice, chat.$id, message.$id, pictured);
    const { url, mediaId } = shown.attachments[0]!;

    const res = await ctx.app.inject({
      method: 'GET',
      url: chatPaths.export(chat.$id),
      headers: alice.headers,
    });
    const line = JSON.parse(res.body.trimEnd().split('\n').at(-1)!) as Record<string, unknown>;
    expect(line).toMatchObject({
      mes: SELFIE_COPY.exported(job.prompt),
      extra: { image: url, inline_image: true },
    });

    const back = (await importInto(alice, chat.characterId, res.body)).at(-1)!;
    expect(back).toMatchObject({ content: SELFIE_COPY.sends, status: 'done' });
    expect(back.attachments).toEqual([{ type: 'image', jobId: null, mediaId, url }]);

    const other = await startPortraitChat(ctx, bob);
    const theirs = (await importInto(bob, other.characterId, res.body)).at(-1)!;
    expect(theirs.attachments).toEqual([{ type: 'image', jobId: null, mediaId: null, url }]);
  });
});
