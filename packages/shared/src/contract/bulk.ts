import { z } from 'zod';
import { BULK_MAX_IDS } from './constants';
import { mediaSchema, safeText } from './schemas';

/** The body of every bulk request: 1..BULK_MAX_IDS distinct record ids. */
export const bulkIdsSchema = z.object({
  ids: z
    .array(safeText().min(1).max(64))
    .min(1, 'Select at least one item')
    .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} items at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once'),
});

export const bulkDeleteResultSchema = z.object({ deleted: z.number().int().nonnegative() });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;

export const MEDIA_EXPORT_MANIFEST = 'manifest.json';

/**
 * One media record of an export: `file` names its entry in the archive, or is null when the bytes
 * could not be included (`skipped` says why).
 */
export const mediaExportItemSchema = z.object({
  file: z.string().nullable(),
  skipped: z.string().optional(),
  media: mediaSchema,
});
export type MediaExportItem = z.infer<typeof mediaExportItemSchema>;

export const mediaExportManifestSchema = z.object({
  exportedAt: z.string(),
  items: z.array(mediaExportItemSchema),
});
