import { z } from 'zod';

/** The `:id` of a route naming one stored record. */
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
