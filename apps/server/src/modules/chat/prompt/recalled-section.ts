import type { TokenCounter } from './token-counter';

/** A message found again by full-text search, from before the messages the prompt sends. */
export interface RecalledMessage {
  role: 'user' | 'assistant';
  content: string;
  /** Its place in the chat: recalled messages are shown in the chat's order. */
  seq: number;
}

/** Share of the context recalled messages may fill. */
export const RECALL_SHARE = 0.1;

/** Opens the system turn of recalled messages, so the model reads them as past, not as the present. */
export const RECALL_HEADING = 'Recalled from earlier in this chat:';

/**
 * The system turn of recalled messages: of `candidates` (best first), each that still fits in
 * `budget` tokens with those before it, shown in the chat's order as `Name: text`. Empty when
 * none fits.
 */
export function recalledSection(
  candidates: RecalledMessage[],
  names: { char: string; user: string },
  budget: number,
  tokens: TokenCounter,
): { text: string; tokens: number; chosen: RecalledMessage[] } {
  const render = (messages: RecalledMessage[]) =>
    [
      RECALL_HEADING,
      ...[...messages]
        .sort((a, b) => a.seq - b.seq)
        .map((message) => `${message.role === 'user' ? names.user : names.char}: ${message.content.trim()}`),
    ].join('\n');
  let chosen: RecalledMessage[] = [];
  let best: { text: string; tokens: number; chosen: RecalledMessage[] } = { text: '', tokens: 0, chosen: [] };
  for (const candidate of candidates) {
    if (!/\S/.test(candidate.content)) continue;
    const next = [...chosen, candidate];
    const text = render(next);
    const cost = tokens.countTurn(text);
    if (cost > budget) continue;
    chosen = next;
    best = { text, tokens: cost, chosen: next };
  }
  return best;
}
