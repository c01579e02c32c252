import type { ChatChunk, ChatToolCall } from './chat-provider.port';
import type { SseEvent } from './sse-parser';

/** What one event of an OpenAI-compatible chat completions stream says. */
export interface StreamPart {
  done?: boolean;
  error?: string;
  text?: string;
  usage?: Extract<ChatChunk, { type: 'usage' }>;
  /** Pieces of function calls: each names its call by `index`, its arguments arrive a piece at a time. */
  toolCalls?: ToolCallPiece[];
}

export interface ToolCallPiece {
  index: number;
  name?: string;
  arguments?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `tool_calls` of a delta (or of a whole message, each call then complete in one piece). */
function toolCallPieces(calls: unknown): ToolCallPiece[] {
  if (!Array.isArray(calls)) return [];
  return calls.filter(isRecord).map((call, position) => {
    const fn = isRecord(call.function) ? call.function : {};
    return {
      index: typeof call.index === 'number' ? call.index : position,
      ...(typeof fn.name === 'string' && fn.name ? { name: fn.name } : {}),
      ...(typeof fn.arguments === 'string' ? { arguments: fn.arguments } : {}),
    };
  });
}

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
  const calls = isRecord(delta) ? toolCallPieces(delta.tool_calls) : [];
  if (calls.length > 0) part.toolCalls = calls;
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
  const toolCalls = isRecord(message) ? toolCallPieces(message.tool_calls) : [];
  const usage = readStreamEvent({ event: 'message', data: JSON.stringify({ usage: payload.usage }) }).usage;
  return [
    ...(text ? [{ text }] : []),
    ...(toolCalls.length > 0 ? [{ toolCalls }] : []),
    ...(usage ? [{ usage }] : []),
    { done: true },
  ];
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

/** Gathers the pieces of a stream's function calls into whole calls, in the order of their index. */
export class ToolCalls {
  private readonly calls = new Map<number, { name: string; arguments: string }>();

  add(pieces: ToolCallPiece[] | undefined): void {
    for (const piece of pieces ?? []) {
      const call = this.calls.get(piece.index) ?? { name: '', arguments: '' };
      call.name ||= piece.name ?? '';
      call.arguments += piece.arguments ?? '';
      this.calls.set(piece.index, call);
    }
  }

  get size(): number {
    return this.calls.size;
  }

  chunks(): ChatToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => call.name !== '')
      .map(([, call]) => ({ type: 'tool', name: call.name, arguments: argumentsOf(call.arguments) }));
  }
}

function argumentsOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}
