import { API_MESSAGES } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { StorageUnavailableError } from '../../errors/domain-errors';
import type { FilesPort } from '../storage';
import { fetchBytes } from './fetch-bytes';
import type { Providers } from './providers/create-providers';
import { GenerationCancelled } from './provider-job';
import type {
  ImageOutput,
  ImageRunOptions,
  OutputDetails,
  SubjectImage,
  VideoOutput,
} from './providers/ports';
import type { RetryPolicy } from './providers/vendor-retry';

export interface ProviderWorkOptions {
  /** How output downloads ride out a vendor's passing failures. */
  retry: RetryPolicy;
  timeoutMs: number;
  maxImageBytes: number;
  maxVideoBytes: number;
  onProviderError(error: unknown, provider: string): void;
}

/** An output stored as the user's candidate: our URL, and what the provider reported of it. */
export interface StoredOutput {
  url: string;
  details: OutputDetails;
}

const FAILURES = {
  image: { code: 'IMAGE_GENERATION_FAILED', message: API_MESSAGES.service.imageFailed },
  character: { code: 'CHARACTER_GENERATION_FAILED', message: API_MESSAGES.service.characterVariationFailed },
};

/**
 * The calls to AI providers, each under the provider timeout, with every output copied into the
 * user's storage as a candidate. Input was checked when the job was created: nothing here checks
 * it again.
 */
export class ProviderWork {
  constructor(
    private readonly providers: Providers,
    private readonly files: FilesPort,
    private readonly options: ProviderWorkOptions,
  ) {}

  /**
   * Runs provider work under the timeout (none: the work keeps a deadline of its own) and the
   * caller's signal. Anything but an AppError becomes a 502 with the given code; the race makes
   * even a provider that ignores its signal give up.
   */
  private async withProvider<T>(
    provider: string,
    failure: { code: string; message: string },
    callerSignal: AbortSignal,
    work: (signal: AbortSignal) => Promise<T>,
    timeoutMs: number | null = this.options.timeoutMs,
  ): Promise<T> {
    const signal =
      timeoutMs === null ? callerSignal : AbortSignal.any([callerSignal, AbortSignal.timeout(timeoutMs)]);
    let onAbort: () => void = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work(signal), aborted]);
    } catch (error) {
      // A failure of our own storage, or a cancel, is no fault of the provider's.
      if (
        error instanceof AppError ||
        error instanceof StorageUnavailableError ||
        error instanceof GenerationCancelled
      )
        throw error;
      if (callerSignal.aborted) throw error;
      this.options.onProviderError(error, provider);
      throw new AppError(502, failure.code, failure.message);
    } finally {
      signal.removeEventListener('abort', onAbort);
      aborted.catch(() => undefined);
    }
  }

  private async store(userId: string, outputs: ImageOutput[], signal: AbortSignal): Promise<StoredOutput[]> {
    const stored: StoredOutput[] = [];
    for (const [index, output] of outputs.entries()) {
      const data =
        output.kind === 'bytes'
          ? output.data
          : await fetchBytes(output.url, this.options.maxImageBytes, signal, this.options.retry);
      const url = await this.files.storeCandidate(userId, data, `generated-${index + 1}`);
      stored.push({ url, details: output.details ?? {} });
    }
    return stored;
  }

  /** Copies a finished clip into the user's storage (provider URLs expire) and answers our URL. */
  async storeVideo(userId: string, output: VideoOutput, signal: AbortSignal): Promise<string> {
    const data =
      output.kind === 'bytes'
        ? output.data
        : await fetchBytes(output.url, this.options.maxVideoBytes, signal, this.options.retry);
    return this.files.storeCandidate(userId, data, 'video');
  }

  async improvePrompt(appearance: string, signal: AbortSignal): Promise<string> {
    const provider = this.providers.prompt;
    return this.withProvider(
      provider.name,
      { code: 'PROMPT_IMPROVEMENT_FAILED', message: API_MESSAGES.service.promptFailed },
      signal,
      (s) => provider.improve(appearance, s),
    );
  }

  /** The image provider's own jobs, when it runs images as jobs on its side. */
  get imageJobs() {
    return this.providers.image.jobs;
  }

  /**
   * An image job on the vendor's side, which `follow` submits or re-attaches to and waits for
   * under a deadline of its own; its outputs are stored and its failures answered as `image`
   * and `character` answer them.
   */
  async imageJob(
    userId: string,
    kind: 'image' | 'character',
    signal: AbortSignal,
    follow: (signal: AbortSignal) => Promise<ImageOutput[]>,
  ): Promise<StoredOutput[]> {
    const { name } = this.providers.image;
    const outputs = await this.withProvider(name, FAILURES[kind], signal, follow, null);
    return this.withProvider(name, FAILURES[kind], signal, (s) => this.store(userId, outputs, s));
  }

  async image(
    userId: string,
    job: ImageRunOptions & { prompt: string; outputs: number },
    signal: AbortSignal,
  ): Promise<StoredOutput[]> {
    const provider = this.providers.image;
    const { prompt, ...request } = job;
    return this.withProvider(provider.name, FAILURES.image, signal, async (s) =>
      this.store(userId, await provider.generate(prompt, s, request), s),
    );
  }

  async character(
    userId: string,
    job: ImageRunOptions & { prompt: string; subject: SubjectImage; outputs: number },
    signal: AbortSignal,
  ): Promise<StoredOutput[]> {
    const provider = this.providers.image;
    const { prompt, subject, outputs, ...options } = job;
    return this.withProvider(provider.name, FAILURES.character, signal, async (s) =>
      this.store(userId, await provider.generateCharacter(prompt, subject, outputs, s, options), s),
    );
  }
}
