import {
  type CreateGenerationInput,
  type GenerationCapabilities,
  IMAGE_OUTPUTS,
  type ImageOptions,
  unsupportedImageOption,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import type { GenerationRow } from './generation.repository';

/** The image options a row asked for; none for older jobs and videos. */
export function optionsOf(row: Pick<GenerationRow, 'options'>): ImageOptions {
  return row.options ? (JSON.parse(row.options) as ImageOptions) : {};
}

/** The options worth keeping: those set, `style: 'none'` and empty text being no option at all. */
export function chosenOptions(input: CreateGenerationInput): ImageOptions | null {
  const chosen: ImageOptions = {};
  if (input.aspectRatio) chosen.aspectRatio = input.aspectRatio;
  if (input.negativePrompt?.trim()) chosen.negativePrompt = input.negativePrompt.trim();
  if (input.style && input.style !== 'none') chosen.style = input.style;
  return Object.keys(chosen).length > 0 ? chosen : null;
}

/** A job asking for what the image provider cannot do is refused (400) before it is queued. */
export function checkOptions(capabilities: GenerationCapabilities, input: CreateGenerationInput): void {
  if (input.kind === 'video') {
    if (chosenOptions(input))
      throw new AppError(400, 'UNSUPPORTED_OPTION', 'A video job takes no image options.');
    return;
  }
  const reason = unsupportedImageOption(capabilities[input.kind], input);
  if (reason) throw new AppError(400, 'UNSUPPORTED_OPTION', reason);
}

/** How many pictures a job makes: as asked, else one portrait or SPEC's four variations. */
export function outputsOf(capabilities: GenerationCapabilities, input: CreateGenerationInput): number {
  if (input.kind === 'video') return 1;
  const fallback = input.kind === 'character' ? IMAGE_OUTPUTS : 1;
  return input.outputs ?? Math.min(fallback, capabilities[input.kind].outputs.max);
}
