import { createHash } from 'node:crypto';
import { MESSAGES, avatarQuerySchema, fileIdFromUrl } from '@baegen/shared';
import { AppError } from '../../errors/app-error';
import { StorageUnavailableError } from '../../errors/domain-errors';
import { shapesAvatarPng } from '../avatars/avatars.service';
import type { FilesPort } from '../storage/files.port';
import { fetchBytes, fetchPublicBytes } from './fetch-bytes';
import { violatesMinorPolicy } from './prompt-policy';
import { assertPublicLiteral } from './public-host';
import type { Providers } from './providers/create-providers';
import type { ImageOutput, OutputDetails, SubjectImage, VideoOutput } from './providers/ports';

export interface GenerationOptions {
  timeoutMs: number;
  maxImageBytes: number;
  maxVideoBytes: number;
  onProviderError(error: unknown, provider: string): void;
}

type ImageBytes = { data: Buffer; mimeType: string };

/** An output stored as the user's candidate: our URL, and what the provider reported of it. */
export interface StoredOutput {
  url: string;
  details: OutputDetails;
}

function subjectImage(key: string, publicUrl: string | null, load: () => Promise<ImageBytes>): SubjectImage {
  let loaded: Promise<ImageBytes> | null = null;
  const bytes = () => (loaded ??= load());
  return {
    key,
    publicUrl,
    bytes,
    dataUri: async () => {
      const { data, mimeType } = await bytes();
      return `data:${mimeType};base64,${data.toString('base64')}`;
    },
  };
}

/** Prompt improvement and image generation; every image is stored as the user's candidate file. */
export class GenerationService {
  constructor(
    private readonly providers: Providers,
    private readonly files: FilesPort,
    private readonly options: GenerationOptions,
  ) {}

  /** Refuses text that sexualises minors (422 PROMPT_REFUSED) before any provider sees it. */
  checkPolicy(text: string) {
    if (violatesMinorPolicy(text)) throw new AppError(422, 'PROMPT_REFUSED', MESSAGES.service.promptRefused);
  }

  /**
   * Runs provider work under the timeout and the client's signal. Anything but an AppError becomes
   * a 502 with the given code; the race makes even a provider that ignores its signal give up.
   */
  private async withProvider<T>(
    provider: string,
    failure: { code: string; message: string },
    clientSignal: AbortSignal,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const signal = AbortSignal.any([clientSignal, AbortSignal.timeout(this.options.timeoutMs)]);
    let onAbort: () => void = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work(signal), aborted]);
    } catch (error) {
      // A failure of our own storage is no fault of the provider's.
      if (error instanceof AppError || error instanceof StorageUnavailableError) throw error;
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
          : await fetchBytes(output.url, this.options.maxImageBytes, signal);
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
        : await fetchBytes(output.url, this.options.maxVideoBytes, signal);
    return this.files.storeCandidate(userId, data, 'video');
  }

  async improvePrompt(appearance: string, signal: AbortSignal): Promise<string> {
    this.checkPolicy(appearance);
    const provider = this.providers.prompt;
    return this.withProvider(
      provider.name,
      { code: 'PROMPT_IMPROVEMENT_FAILED', message: MESSAGES.service.promptFailed },
      signal,
      (s) => provider.improve(appearance, s),
    );
  }

  async generateImage(userId: string, prompt: string, signal: AbortSignal): Promise<StoredOutput[]> {
    this.checkPolicy(prompt);
    const provider = this.providers.image;
    return this.withProvider(
      provider.name,
      { code: 'IMAGE_GENERATION_FAILED', message: MESSAGES.service.imageFailed },
      signal,
      async (s) => this.store(userId, await provider.generate(prompt, s), s),
    );
  }

  async generateCharacter(
    userId: string,
    prompt: string,
    subjectUrl: string,
    outputs: number,
    signal: AbortSignal,
  ): Promise<StoredOutput[]> {
    this.checkPolicy(prompt);
    const subject = await this.resolveSubject(userId, subjectUrl);
    const provider = this.providers.image;
    return this.withProvider(
      provider.name,
      { code: 'CHARACTER_GENERATION_FAILED', message: MESSAGES.service.characterVariationFailed },
      signal,
      async (s) => this.store(userId, await provider.generateCharacter(prompt, subject, outputs, s), s),
    );
  }

  /**
   * A subject is one of the caller's own image files, our default avatar (a character without a
   * picture of its own), or a public https URL. Anything else is refused before a provider runs.
   */
  async resolveSubject(userId: string, subject: string): Promise<SubjectImage> {
    const fileId = subject.startsWith('/api/files/') ? fileIdFromUrl(subject) : null;
    if (fileId) {
      const file = await this.files.getFile(userId, fileId);
      if (!file.mimeType.startsWith('image/')) {
        throw AppError.badRequest('The subject must be an image', 'INVALID_SUBJECT');
      }
      // By id, not sha256: a file never changes under its id, and its sum may still be on its way.
      return subjectImage(`file:${file.$id}`, null, () => this.files.readFile(userId, fileId));
    }
    if (subject.startsWith('/api/avatars/shapes')) {
      const url = new URL(subject, 'http://local.invalid');
      const query = avatarQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (url.pathname === '/api/avatars/shapes' && query.success) {
        const seed = query.data.seed;
        // Providers get a large rendering: the avatar is vector art, so size costs nothing.
        return subjectImage(`avatar:${seed}`, null, async () => ({
          data: await shapesAvatarPng(seed, 1024),
          mimeType: 'image/png',
        }));
      }
    }
    if (/^https:\/\/[^\s]+$/i.test(subject) && URL.canParse(subject)) {
      assertPublicLiteral(subject);
      const key = `url:${createHash('sha256').update(subject).digest('hex')}`;
      return subjectImage(key, subject, async () => {
        const data = await fetchPublicBytes(
          subject,
          this.options.maxImageBytes,
          AbortSignal.timeout(this.options.timeoutMs),
        );
        const mimeType = this.files.imageType(data);
        if (!mimeType) throw AppError.badRequest('The subject is not an image', 'INVALID_SUBJECT');
        return { data, mimeType };
      });
    }
    throw AppError.badRequest(
      'The subject must be one of your files (/api/files/<id>/view), a default avatar or an https URL',
      'INVALID_SUBJECT',
    );
  }
}
