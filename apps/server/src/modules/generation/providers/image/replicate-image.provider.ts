import Replicate, { type Prediction } from 'replicate';
import { type ImageOutput, type ImageProvider, ProviderError, type SubjectImage } from '../ports';

export interface ReplicateOptions {
  token: string;
  baseUrl: string;
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
 * Replicate predictions through the official client: create, then poll until the prediction
 * settles. Outputs are URLs that Replicate deletes after an hour, so the caller copies them.
 */
export class ReplicateImageProvider implements ImageProvider {
  readonly name = 'replicate';

  constructor(private readonly options: ReplicateOptions) {}

  private client(signal: AbortSignal) {
    return new Replicate({
      auth: this.options.token,
      baseUrl: this.options.baseUrl,
      useFileOutput: false,
      // Inputs are plain strings (URLs or data: URIs), so no strategy ever uploads anything; the
      // client's 'data-uri' strategy is avoided because 1.4.0 passes it the client as the input.
      fileEncodingStrategy: 'default',
      // Every request of this prediction, polls included, stops when the caller gives up.
      fetch: (input, init) => fetch(input, { ...init, signal }),
    });
  }

  private async predict(
    model: string,
    input: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<unknown> {
    const client = this.client(signal);
    const [ref, version] = model.split(':');
    let prediction: Prediction = await client.predictions.create(
      version ? { version, input } : { model: ref!, input },
    );
    const id = prediction.id;
    const giveUp = async () => {
      // The caller is gone or out of time: stop paying for the prediction.
      await this.client(AbortSignal.timeout(5000))
        .predictions.cancel(id)
        .catch(() => undefined);
      return signal.reason as unknown;
    };
    try {
      prediction = await client.wait(
        prediction,
        { interval: this.options.pollIntervalMs },
        async () => signal.aborted,
      );
    } catch (error) {
      if (signal.aborted) throw await giveUp();
      throw new ProviderError(`The Replicate prediction ${id} failed`, { cause: error });
    }
    if (signal.aborted) throw await giveUp();
    if (prediction.status !== 'succeeded') {
      throw new ProviderError(`The Replicate prediction ${prediction.id} ended as ${prediction.status}`);
    }
    return prediction.output;
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
      subject: subject.publicUrl ?? (await subject.dataUri()),
      number_of_outputs: outputs,
      output_format: 'png',
    };
    const { characterModel } = this.options;
    return outputsOf(await this.predict(characterModel, input, signal), outputs, characterModel);
  }
}
