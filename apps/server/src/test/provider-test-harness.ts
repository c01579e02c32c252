import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type GeneratedUrls, API_MESSAGES } from '@baegen/shared/contract';
import { type FakeServer, type RecordedRequest, fakePng, sha256, startFakeServer } from './fake-http-server';
import { candidateFlag, expectFailure, generate, servedSha, uploadSubject } from './generation-kit';
import type { TestContext } from './test-app';
import { type SignedIn, useSignedIn, useTestApp } from './test-hooks';

type Kind = Parameters<typeof generate>[2];
type Answer = Awaited<ReturnType<typeof generate>>;

/** What the fake vendor is told on each request: the mode the test set, and where it listens. */
export interface VendorState<Mode extends string> {
  mode: Mode | 'ok';
  url: string;
}

export type Vendor<Mode extends string> = (
  request: RecordedRequest,
  response: ServerResponse,
  state: VendorState<Mode>,
) => void | Promise<void>;

export interface ProviderHarness<Mode extends string> {
  /** How the fake vendor behaves; back to 'ok', with its request log and faults emptied, before each test. */
  mode: Mode | 'ok';
  readonly fake: FakeServer;
  readonly ctx: TestContext;
  readonly user: SignedIn;
  generate(kind: Kind, payload: object): Promise<Answer>;
  uploadSubject(): ReturnType<typeof uploadSubject>;
  /**
   * Expects a 200 whose URLs serve, in order, the fake PNGs drawn for `labels`, each stored as an
   * unclaimed candidate. Answers the URLs.
   */
  expectStored(res: Answer, labels: string[]): Promise<string[]>;
  /**
   * Puts the vendor in `mode`, asks for `kind` (a character variation of a freshly uploaded
   * subject) and expects the 502 with that kind's code and message (docs/product.md §8.2).
   */
  failsWith(mode: Mode, kind: Kind): Promise<Answer>;
  /** Puts the vendor in `mode`, expects the 502 for `kind` and that the app asked more than once. */
  failsAfterRetries(mode: Mode, kind: Kind): Promise<void>;
  /** Asks for `kind` while the vendor answers its first two requests with 503; expects three asked. */
  generateAfterTwo503s(kind: Kind, payload: object): Promise<Answer>;
  /** Uploads a subject and asks for character variations of it, expecting 200. */
  varySubject(
    prompt: string,
    outputs?: number,
  ): Promise<{ subject: Awaited<ReturnType<typeof uploadSubject>>; res: Answer }>;
}

const FAILURES = {
  prompt: { code: 'PROMPT_IMPROVEMENT_FAILED', message: API_MESSAGES.service.promptFailed },
  image: { code: 'IMAGE_GENERATION_FAILED', message: API_MESSAGES.service.imageFailed },
  character: { code: 'CHARACTER_GENERATION_FAILED', message: API_MESSAGES.service.characterVariationFailed },
} as const;

/**
 * The setup every provider API test shares: a fake vendor on a local port, the real app pointed
 * at it by `env` (with a 2 s provider timeout and quick retries), and one signed-in user.
 */
export function useProviderHarness<Mode extends string>(options: {
  env: (vendorUrl: string) => Record<string, string>;
  vendor: Vendor<Mode>;
}): ProviderHarness<Mode> {
  let fake: FakeServer | undefined;
  const started = () => {
    if (!fake) throw new Error('the fake vendor starts in beforeAll');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeServer((request, response) =>
      options.vendor(request, response, { mode: harness.mode, url: started().url }),
    );
  });
  afterAll(async () => {
    await fake?.close();
  });
  const ctx = useTestApp(() => ({
    PROVIDER_TIMEOUT_MS: '2000',
    // Backoff of a few ms within 300 ms, so a vendor's passing faults cost the tests little time.
    PROVIDER_RETRY_BASE_MS: '5',
    PROVIDER_RETRY_MAX_MS: '300',
    ...options.env(started().url),
  }));
  const user = useSignedIn(ctx);

  const harness: ProviderHarness<Mode> = {
    mode: 'ok',
    get fake() {
      return started();
    },
    ctx,
    user,
    generate: (kind, payload) => generate(ctx, user, kind, payload),
    uploadSubject: () => uploadSubject(ctx, user),
    async expectStored(res, labels) {
      expect(res.statusCode, res.body).toBe(200);
      const { urls } = res.json<GeneratedUrls>();
      const served = await Promise.all(urls.map((url) => servedSha(ctx, user, url)));
      const drawn = await Promise.all(labels.map(async (label) => sha256(await fakePng(label))));
      expect(served).toEqual(drawn);
      for (const url of urls) expect(await candidateFlag(ctx, url)).toBe(1);
      return urls;
    },
    async failsWith(mode, kind) {
      harness.mode = mode;
      const payload =
        kind === 'prompt'
          ? { appearance: 'short hair' }
          : kind === 'character'
            ? { prompt: 'x', subject: (await uploadSubject(ctx, user)).url }
            : { prompt: 'x' };
      const res = await generate(ctx, user, kind, payload);
      expectFailure(res, 502, FAILURES[kind].code, FAILURES[kind].message);
      return res;
    },
    async failsAfterRetries(mode, kind) {
      await harness.failsWith(mode, kind);
      expect(harness.fake.requests.length).toBeGreaterThan(1);
    },
    async generateAfterTwo503s(kind, payload) {
      harness.fake.fail(() => true, { status: 503 }, 2);
      const res = await generate(ctx, user, kind, payload);
      expect(harness.fake.requests).toHaveLength(3);
      return res;
    },
    async varySubject(prompt, outputs) {
      const subject = await uploadSubject(ctx, user);
      const payload = { prompt, subject: subject.url, ...(outputs ? { number_of_outputs: outputs } : {}) };
      const res = await generate(ctx, user, 'character', payload);
      expect(res.statusCode, res.body).toBe(200);
      return { subject, res };
    },
  };
  beforeEach(() => {
    harness.mode = 'ok';
    harness.fake.requests.length = 0;
    harness.fake.clearFaults();
  });
  return harness;
}
