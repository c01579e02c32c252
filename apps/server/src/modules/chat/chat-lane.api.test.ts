import { describe, expect, it } from 'vitest';
import { send, startChat, waitForMessage } from '../../test/chat-kit';
import { startVideoJob, waitForJob } from '../../test/generation-jobs-kit';
import { TEST_DIALECT } from '../../test/test-app';
import { useSignedIn, useTestApp } from '../../test/test-hooks';

describe(`chat replies beside generations (${TEST_DIALECT})`, () => {
  // One generation at a time, held by a video that takes a minute.
  const ctx = useTestApp({ CHAT_DEMO_DELAY_MS: '0', GENERATION_CONCURRENCY: '1', DEMO_DELAY_MS: '60000' });
  const alice = useSignedIn(ctx);

  it('writes a reply while every generation slot is taken', async () => {
    const { job } = await startVideoJob(ctx, alice, 'Iris', 'Iris walks');
    await waitForJob(ctx, alice, job.$id, 'running');
    const chat = await startChat(ctx.app, alice, 'Mira');
    const sent = await send(ctx.app, alice, chat.$id, 'Are you there?');
    const reply = await waitForMessage(ctx.app, alice, chat.$id, sent.reply.$id, (m) => m.status === 'done');
    expect(reply.content.length).toBeGreaterThan(0);
    await waitForJob(ctx, alice, job.$id, 'running');
  });
});
