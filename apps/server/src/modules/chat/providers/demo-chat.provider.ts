import { readCardSections } from '../prompt/prompt-sections';
import { readSummaryRequest } from '../prompt/summary-prompt';
import { loadTokenCounter } from '../prompt/token-counter';
import type { ChatChunk, ChatProvider, ChatRequest, Sleep } from './chat-provider.port';
import { demoReply } from './demo-reply';
import { demoSummary } from './demo-summary';

/**
 * The offline provider (CHAT_PROVIDER=demo): reads the same request a model would get and answers
 * in the character's voice with a scripted reply, streamed a word at a time like a real one, and
 * summarises a chat by picking its sentences that state facts.
 */
export class DemoChatProvider implements ChatProvider {
  readonly name = 'demo';
  readonly model = 'demo';

  constructor(private readonly options: { delayMs: number; sleep: Sleep }) {}

  async *stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatChunk> {
    signal.throwIfAborted();
    const summary = readSummaryRequest(request);
    if (summary) {
      yield { type: 'text', text: demoSummary(summary.previous, summary.transcript) };
      return;
    }
    const { messages } = request;
    const system = messages.find((turn) => turn.role === 'system')?.content ?? '';
    const last = messages[messages.length - 1];
    const userText = [...messages].reverse().find((turn) => turn.role === 'user')?.content ?? '';
    const reply = demoReply({
      card: readCardSections(system),
      userText,
      continuing: last?.role === 'assistant',
      variant: request.variant ?? 0,
    });
    const words = reply.match(/\s*\S+/g) ?? [];
    let sent = 0;
    for (const word of words) {
      if (sent > 0 && this.options.delayMs > 0) await this.options.sleep(this.options.delayMs, signal);
      signal.throwIfAborted();
      sent += 1;
      yield { type: 'text', text: word };
    }
    const tokens = await loadTokenCounter();
    const promptTokens = messages.reduce((sum, turn) => sum + tokens.countTurn(turn.content), 3);
    yield { type: 'usage', promptTokens, completionTokens: tokens.count(reply) };
  }
}
