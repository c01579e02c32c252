export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatTurn[];
  maxTokens: number;
  /** Which try at this reply it is (its swipe's index): a Regenerate asks for another answer. */
  variant?: number;
  /** Functions the model may call; a provider that cannot call any ignores them. */
  tools?: ChatTool[];
  /** False asks for the whole answer in one response (a summary, never shown as it is written). */
  stream?: boolean;
}

/** A function offered to the model, its arguments described by a JSON schema. */
export interface ChatTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type ChatChunk =
  /** Visible reply text, in order. */
  | { type: 'text'; text: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** A function the model called, once its arguments are complete; arguments that are not JSON read as {}. */
  | { type: 'tool'; name: string; arguments: Record<string, unknown> };

export type ChatToolCall = Extract<ChatChunk, { type: 'tool' }>;

export interface ChatProvider {
  /** 'demo' | 'openai' */
  readonly name: string;
  /** Recorded on the message. */
  readonly model: string;
  /**
   * Streams the reply. Ends normally when the reply is complete (also when the vendor stream
   * ended without [DONE]). Throws ChatProviderError on failure; honours `signal` (abort closes
   * the upstream connection at once, and the stream throws the signal's reason). Retries
   * 429/5xx/connection errors before the first text chunk with backoff; never after text has
   * been yielded.
   */
  stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatChunk>;
}

/** The whole text of an answer, for requests no one watches being written (`stream: false`). */
export async function completeText(
  provider: ChatProvider,
  request: ChatRequest,
  signal: AbortSignal,
): Promise<string> {
  let text = '';
  for await (const chunk of provider.stream({ ...request, stream: false }, signal)) {
    if (chunk.type === 'text') text += chunk.text;
  }
  return text.trim();
}

/** A reply that could not be made; its message is for the log, never shown to the user as is. */
export class ChatProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatProviderError';
  }
}

/** Waits `ms`, rejecting with the signal's reason as soon as it aborts; injected so tests need not wait. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;
