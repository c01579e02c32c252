import { z } from 'zod';
import { safeText } from '@baegen/shared/contract';

/** The `:id` of a route naming one stored record. */
export const idParamsSchema = z.object({ id: safeText().min(1).max(64) });
