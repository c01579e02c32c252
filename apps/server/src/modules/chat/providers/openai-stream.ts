import type { ChatChunk } from './chat-provider.port';
import type { SseEvent } from './sse-parser';

/** What one event of an OpenAI-compatible chat completions stream says. */
export interface StreamPart {
  done?: boolean;
  error?: string;
  text?: string;
  usage?: Extract<ChatChunk, { type: 'usage' }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An error object (`{message}`), a bare string, or whatever else a server put there, as text. */
function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return JSON.stringify(error) ?? 'unknown error';
}

/**
 * Reads one stream event. Only `delta.content` is reply text: `reasoning_content` (DeepSeek,
 * llama.cpp) and `reasoning` (OpenRouter) are the model's thinking and never shown. An event that
 * is not JSON is skipped, as are role-only and empty deltas. A `usage` with numbers may come on its
 * own chunk with empty `choices` (OpenAI's `include_usage`) or on the last content chunk (llama.cpp).
 */
export function readStreamEvent(event: SseEvent): StreamPart {
  const data = event.data.trim();
  if (data === '[DONE]') return { done: true };
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return event.event === 'error' ? { error: data || 'error event' } : {};
  }
  if (!isRecord(payload)) return {};
  if (payload.error !== undefined && payload.error !== null) return { error: errorText(payload.error) };
  if (event.event === 'error') return { error: errorText(payload) };
  const part: StreamPart = {};
  const choice = Array.isArray(payload.choices) ? payload.choices[0] : undefined;
  const delta = isRecord(choice) ? choice.delta : undefined;
  if (isRecord(delta) && typeof delta.content === 'string' && delta.content) part.text = delta.content;
  const usage = payload.usage;
  if (
    isRecord(usage) &&
    typeof usage.prompt_tokens === 'number' &&
    typeof usage.completion_tokens === 'number'
  ) {
    part.usage = {
      type: 'usage',
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens,
    };
  }
  return part;
}

/** The text of a complete (non-streamed) answer, for servers that ignore `stream: true`. */
export function readCompletion(payload: unknown): StreamPart[] {
  if (!isRecord(payload)) return [];
  if (payload.error !== undefined && payload.error !== null) return [{ error: errorText(payload.error) }];
  const choice = Array.isArray(payload.choices) ? payload.choices[0] : undefined;
  const message = isRecord(choice) ? choice.message : undefined;
  const text = isRecord(message) && typeof message.content === 'string' ? message.content : '';
  const usage = readStreamEvent({ event: 'message', data: JSON.stringify({ usage: payload.usage }) }).usage;
  return [...(text ? [{ text }] : []), ...(usage ? [{ usage }] : []), { done: true }];
}

/** The human part of an error answer (`{"error": {"message": …}}`), else the start of its body. */
export function errorMessageOf(body: string): string {
  try {
    const payload: unknown = JSON.parse(body);
    if (isRecord(payload) && payload.error !== undefined) return errorText(payload.error);
  } catch {
    // Not JSON: a proxy's HTML page or plain text; its start says enough for the log.
  }
  return body.slice(0, 300).trim() || 'no body';
}
