import { type Generation, ROUTES } from '@baegen/shared';

/**
 * The forms that follow a job, each keeping its id in a URL parameter of its own so that a reload,
 * the header's list and a toast's link show it again. `tells` is what the form says of the job's
 * end itself: the media form shows the images (a failure and a finished video are still toasted);
 * the portrait field of the character form tells every ending, so no toast speaks for it.
 */
export const GENERATION_FORMS = {
  media: { param: 'job', tells: 'images' },
  portrait: { param: 'portraitJob', tells: 'everything' },
} as const;

export type GenerationForm = keyof typeof GENERATION_FORMS;
export type FormTells = (typeof GENERATION_FORMS)[GenerationForm]['tells'];

/** An image job is a character's portrait (docs/product.md's "generate image"); the media form starts the rest. */
function formOf(job: Pick<Generation, 'kind'>): GenerationForm {
  return job.kind === 'image' ? 'portrait' : 'media';
}

/**
 * The form showing a job: where the header and the toasts link to. A portrait leads back to the
 * character it was made for, or to a new character's form when it was made before the first save.
 */
export function generationFormPath(job: Pick<Generation, '$id' | 'kind' | 'characterId'>): string {
  const form = formOf(job);
  let page: string = ROUTES.newMedia;
  if (form === 'portrait') {
    page = job.characterId ? ROUTES.editCharacter(job.characterId) : ROUTES.newCharacter;
  }
  return `${page}?${GENERATION_FORMS[form].param}=${encodeURIComponent(job.$id)}`;
}
