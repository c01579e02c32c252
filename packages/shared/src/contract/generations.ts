import { z } from 'zod';
import { IMAGE_OUTPUTS, LIMITS } from './constants';
import { imageOptionsSchema, imageOptionsShape } from './image-capabilities';
import { pageQueryShape } from './schema-parts';
import { listPageSchema, safeText } from './schemas';
import { GENERATION_KINDS, GENERATION_STATUSES } from './generation-status';

export const createGenerationSchema = z
  .object({
    kind: z.enum(GENERATION_KINDS),
    prompt: safeText().trim().min(1).max(LIMITS.prompt),
    characterId: safeText().min(1).max(64).optional(),
    subject: safeText().min(1).max(LIMITS.imageUrl).optional(),
    outputs: z.number().int().min(1).max(IMAGE_OUTPUTS).optional(),
    ...imageOptionsShape,
  })
  .superRefine((value, context) => {
    if (value.kind === 'character' && !value.subject) {
      context.addIssue({
        code: 'custom',
        path: ['subject'],
        message: 'A character job needs a subject image',
      });
    }
    if (value.kind === 'video' && !value.characterId) {
      context.addIssue({ code: 'custom', path: ['characterId'], message: 'A video job needs a character' });
    }
  });
export type CreateGenerationInput = z.input<typeof createGenerationSchema>;

export const generationProgressSchema = z.object({
  phase: z.string(),
  percent: z.number().min(0).max(100).nullable(),
  queuePosition: z.number().int().nullable(),
  etaSeconds: z.number().nullable(),
});
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

export const generationSchema = z.object({
  $id: z.string(),
  kind: z.enum(GENERATION_KINDS),
  status: z.enum(GENERATION_STATUSES),
  progress: generationProgressSchema,
  prompt: z.string(),
  characterId: z.string().nullable(),
  /**
   * What the job asked for besides its prompt, so a form reopened on it shows the same choices:
   * how many pictures and the image options. Empty in jobs announced before it was kept.
   */
  options: imageOptionsSchema.extend({ outputs: z.number().int().min(1).optional() }).default({}),
  outputs: z.array(z.string()),
  mediaIds: z.array(z.string()),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

export const generationListQuerySchema = z.object({
  /** `unsaved`: finished image jobs none of whose pictures has been saved yet (one page, no cursor). */
  status: z.enum(['active', 'finished', 'unsaved']).optional(),
  ...pageQueryShape(),
});
export type GenerationListQuery = z.infer<typeof generationListQuerySchema>;

export const generationListSchema = listPageSchema(generationSchema);
export type GenerationList = z.infer<typeof generationListSchema>;
