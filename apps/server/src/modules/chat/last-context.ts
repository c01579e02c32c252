import { type ChatContextUsage, chatContextUsageSchema } from '@baegen/shared/contract';

/** The latest reply's prompt as recorded on its chat; a record of an older shape reads as none. */
export function lastContextOf(json: string | null): ChatContextUsage | null {
  if (json === null) return null;
  const parsed = chatContextUsageSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}
