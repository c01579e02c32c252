import { z } from 'zod';
import { safeText } from '@baegen/shared';

/** The `:id` of a route naming one stored record. */
export const idParamsSchema = z.object({ id: safeText().min(1).max(64) });
