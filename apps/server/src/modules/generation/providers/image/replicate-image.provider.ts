import { type ImageOutput, type ImageProvider, ProviderError, type SubjectImage } from '../ports';
import { type ReplicateApiOptions, ReplicatePredictions, SETTLED } from '../replicate-predictions';
import { imageReference } from '../vendor-http';

export interface ReplicateOptions extends ReplicateApiOptions {
  /** Text-to-image model, `owner/name` or `owner/name:version`. */
  imageModel: string;
  /** Subject-consistent model taking {prompt, subject, number_of_outputs}. */
  characterModel: string;
  pollIntervalMs: number;
}

function outputsOf(output: unknown, count: number, model: string): ImageOutput[] {
  const list = Array.isArray(output) ? output : [output];
  const urls = list.filter(
    (item): item is string => typeof item === 'string' && /^(https?:|data:)/.test(item),
  );
  if (urls.length === 0) throw new ProviderError('The Replicate prediction produced no image URLs');
  return urls.slice(0, count).map((url) => ({ kind: 'url', url, details: { model } }));
}

/**
 * Replicate predictions: create, then poll every `pollIntervalMs` until the prediction settles.
 * Outputs are URLs that Replicate deletes after an hour, so the caller copies them.
 */
export class ReplicateImageProvider implements ImageProvider {
  readonly name = 'replicate';
  private readonly predictions: ReplicatePredictions;

  constructor(private readonly options: ReplicateOptions) {
    this.predictions = new ReplicatePredictions(options);
  }

  private async predict(
    model: string,
    input: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<unknown> {
    let prediction = await this.predictions.create(model, input, signal);
    const { id } = prediction;
    try {
      while (!SETTLED.includes(prediction.status)) {
        await this.options.retry.sleep(this.options.pollIntervalMs, signal);
        prediction = await this.predictions.get(id, signal);
      }
    } catch (error) {
      if (signal.aborted) throw await this.giveUp(id, signal);
      throw new ProviderError(`The Replicate prediction ${id} failed`, { cause: error });
    }
    if (prediction.status !== 'succeeded') {
      throw new ProviderError(`The Replicate prediction ${id} ended as ${prediction.status}`);
    }
    return prediction.output;
  }

  /** The caller is gone or out of time: stop paying for the prediction, and answer the abort. */
  private async giveUp(id: string, signal: AbortSignal): Promise<unknown> {
    await this.predictions.cancel(id, AbortSignal.timeout(5000)).catch(() => undefined);
    return signal.reason as unknown;
  }

  async generate(prompt: string, signal: AbortSignal) {
    const output = await this.predict(
      this.options.imageModel,
      { prompt, num_outputs: 1, output_format: 'png' },
      signal,
    );
    return outputsOf(output, 1, this.options.imageModel);
  }

  async generateCharacter(prompt: string, subject: SubjectImage, outputs: number, signal: AbortSignal) {
    const input = {
      prompt,
      subject: await imageReference(subject),
      number_of_outputs: outputs,
      output_format: 'png',
    };
    const { characterModel } = this.options;
    return outputsOf(await this.predict(characterModel, input, signal), outputs, characterModel);
  }
}
