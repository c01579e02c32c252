import type { AspectRatio, GenerationCapabilities } from '@baegen/shared/contract';

/** What a provider reports of how it made one output, when it reports it; kept as the media's provenance. */
export interface OutputDetails {
  model?: string;
  seed?: number;
}

/** An image a provider produced: bytes it sent back, or a URL to fetch them from (often short-lived). */
export type ImageOutput = ({ kind: 'bytes'; data: Buffer } | { kind: 'url'; url: string }) & {
  details?: OutputDetails;
};

/** The picture a character variation starts from. */
export interface SubjectImage {
  /** A public https URL when there is one; providers that pass URLs use it, else `dataUri()`. */
  publicUrl: string | null;
  /** A stable text identifying the subject (for deterministic demo output). */
  key: string;
  bytes(): Promise<{ data: Buffer; mimeType: string }>;
  dataUri(): Promise<string>;
}

export interface PromptProvider {
  readonly name: string;
  /** A detailed, safe-for-work image-generator prompt built from an appearance description. */
  improve(appearance: string, signal: AbortSignal): Promise<string>;
}

/**
 * The shape and exclusions a request asks for; absent, the provider's own default. The API has
 * checked them against the provider's capabilities, and a style preset is already in the prompt.
 */
export interface ImageShape {
  aspectRatio?: AspectRatio;
  negativePrompt?: string;
}

/** A request's shape, and where a provider that runs in-process reports how far it is. */
export interface ImageRunOptions extends ImageShape {
  onProgress?(percent: number, etaSeconds: number | null): void;
}

/** One image request as a job on the vendor's side: a text prompt, or a variation of a subject. */
export interface ImageJobRequest extends ImageShape {
  prompt: string;
  subject: SubjectImage | null;
  outputs: number;
}

export interface ImageProvider {
  readonly name: string;
  /** What each kind of image job can ask of this provider (served in `GET /api/config`). */
  readonly capabilities: GenerationCapabilities;
  generate(
    prompt: string,
    signal: AbortSignal,
    request?: ImageRunOptions & { outputs?: number },
  ): Promise<ImageOutput[]>;
  generateCharacter(
    prompt: string,
    subject: SubjectImage,
    outputs: number,
    signal: AbortSignal,
    options?: ImageRunOptions,
  ): Promise<ImageOutput[]>;
  /**
   * Present on vendors that run images as jobs of their own: the runner then submits once, writes
   * the vendor's id, and polls, so a worker that dies mid-job re-attaches instead of paying again.
   */
  readonly jobs?: ProviderJobs<ImageJobRequest, ImageOutput[]>;
}

/** A clip a provider finished: its bytes, or a URL to fetch them from before it expires. */
export type VideoOutput = ({ kind: 'bytes'; data: Buffer } | { kind: 'url'; url: string }) & {
  details?: OutputDetails;
};

/** Where a job on a vendor's side stands, as one poll of it answers. */
export type ProviderJobState<Output> =
  | { status: 'queued'; queuePosition: number | null }
  | { status: 'running'; percent: number | null; etaSeconds: number | null }
  | { status: 'succeeded'; output: Output }
  | { status: 'failed'; reason: string }
  | { status: 'cancelled' };

/**
 * Work as the vendors run it: submit, then poll. The id `submit` answers is written to the job
 * before any wait, so a restarted worker polls the same job instead of paying again.
 */
export interface ProviderJobs<Input, Output> {
  submit(input: Input, signal: AbortSignal): Promise<string>;
  status(providerJobId: string, signal: AbortSignal): Promise<ProviderJobState<Output>>;
  cancel(providerJobId: string): Promise<void>;
}

export type VideoJobState = ProviderJobState<VideoOutput>;

/** Image-to-video, always a job on the vendor's side. */
export interface VideoProvider extends ProviderJobs<{ prompt: string; image: SubjectImage }, VideoOutput> {
  readonly name: string;
}

/** A provider answered something we cannot use; the message is for logs, never for users. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/** The instruction of docs/product.md §7.2 the language model gets, with the appearance text appended. */
export function promptInstruction(appearance: string): string {
  return (
    'Write a detailed prompt for an AI image generator that depicts the character described below. ' +
    'Describe face, hair, body, clothing, pose, setting, lighting, camera and art style in one ' +
    'paragraph. Keep it safe for work: fully clothed, no nudity or sexual content, an adult ' +
    'character. Answer with the prompt text only.\n\nAppearance: ' +
    appearance
  );
}

/** Reads a JSON body or fails with a ProviderError naming the status. */
export async function jsonOrFail(response: Response, vendor: string): Promise<unknown> {
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new ProviderError(`${vendor} answered HTTP ${response.status}: ${detail}`);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new ProviderError(`${vendor} answered a body that is not JSON`, { cause: error });
  }
}

/** Decodes a base64 image (bare or as a data: URI). */
export function decodeBase64Image(value: unknown, vendor: string): Buffer {
  if (typeof value !== 'string' || value.length === 0)
    throw new ProviderError(`${vendor} sent no image data`);
  const base64 = value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64))
    throw new ProviderError(`${vendor} sent image data that is not base64`);
  return Buffer.from(base64, 'base64');
}
