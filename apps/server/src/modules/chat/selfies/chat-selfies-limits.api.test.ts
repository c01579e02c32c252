import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@baegen/shared/contract';
import { requestSelfie, startPortraitChat } from '../../../test/selfie-kit';
import { TEST_DIALECT } from '../../../test/test-app';
import { useSignedIn, useTestApp } from '../../../test/test-hooks';

describe(`selfies under the generation rate limit (${TEST_DIALECT})`, () => {
  const ctx = useTestApp({ GENERATION_RATE_LIMIT_MAX: '2', GENERATION_RATE_LIMIT_WINDOW_MS: '60000' });
  const alice = useSignedIn(ctx);
  const bob = useSignedIn(ctx);

  it("limits each user's requests as the generation routes do", async () => {
    const chat = await startPortraitChat(ctx, alice);
    for (let i = 0; i < 2; i += 1) expect((await requestSelfie(ctx, alice, chat.$id)).statusCode).toBe(202);
    const limited = await requestSelfie(ctx, alice, chat.$id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: API_MESSAGES.service.generationRateLimited(60) },
    });
    const other = await startPortraitChat(ctx, bob);
    expect((await requestSelfie(ctx, bob, other.$id)).statusCode).toBe(202);
  });
});
