import { useState } from 'react';
import type {
  AspectRatio,
  CreateGenerationInput,
  Generation,
  ImageCapabilities,
  StylePreset,
} from '@baegen/shared';
import { useImageCapabilities } from './api/image-capabilities.queries';

export interface GenerationOptionsValue {
  outputs: number;
  aspectRatio: AspectRatio;
  style: StylePreset;
  negativePrompt: string;
}

type OptionsRequest = Pick<CreateGenerationInput, 'outputs' | 'aspectRatio' | 'style' | 'negativePrompt'>;

/**
 * The part of a job's request the options make, asking only for what the provider offers: the
 * count within its range, and no shape, style or negative prompt it lacks.
 */
export function optionsRequest(
  value: GenerationOptionsValue,
  capabilities: ImageCapabilities | undefined,
  defaultOutputs: number,
): OptionsRequest {
  if (!capabilities) return { outputs: defaultOutputs };
  const { min, max } = capabilities.outputs;
  const request: OptionsRequest = { outputs: Math.min(max, Math.max(min, value.outputs)) };
  const aspect = capabilities.aspectRatios.includes(value.aspectRatio)
    ? value.aspectRatio
    : capabilities.aspectRatios[0];
  if (aspect) request.aspectRatio = aspect;
  if (value.style !== 'none' && capabilities.stylePresets.includes(value.style)) request.style = value.style;
  const negative = value.negativePrompt.trim();
  if (capabilities.negativePrompt && negative) request.negativePrompt = negative;
  return request;
}

/** The choices a job asked for, over `value`: a form reopened on the job shows them again. */
export function jobOptionsValue(
  value: GenerationOptionsValue,
  options: Generation['options'],
): GenerationOptionsValue {
  return {
    outputs: options.outputs ?? value.outputs,
    aspectRatio: options.aspectRatio ?? value.aspectRatio,
    style: options.style ?? 'none',
    negativePrompt: options.negativePrompt ?? '',
  };
}

/**
 * The image options of a form: what the provider offers for `kind`, what the person chose, and
 * the request fields they make. `defaultOutputs` is the form's own count (SPEC's 4 on the media
 * form, 1 portrait), kept within what the provider can make.
 */
export function useGenerationOptions(kind: 'image' | 'character', defaultOutputs: number) {
  const query = useImageCapabilities();
  const capabilities = query.data?.[kind];
  const [value, setValue] = useState<GenerationOptionsValue>({
    outputs: defaultOutputs,
    aspectRatio: 'portrait',
    style: 'none',
    negativePrompt: '',
  });
  return {
    capabilities,
    value,
    setValue,
    request: () => optionsRequest(value, capabilities, defaultOutputs),
  };
}
