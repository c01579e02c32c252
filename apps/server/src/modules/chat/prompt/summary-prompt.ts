import type { ChatRequest } from '../providers/chat-provider.port';

/** Opens the instruction of a summary request; the demo provider knows such a request by it. */
export const SUMMARY_LABEL = '[Chat summary]';

const PREVIOUS_HEADING = '[Summary so far]';
const MESSAGES_HEADING = '[Messages to add]';
const NO_SUMMARY = '(none yet)';

/** Tokens a summary may take: enough for the facts of a long chat, little of the context. */
export const SUMMARY_MAX_TOKENS = 400;

export interface SummaryLine {
  name: string;
  text: string;
}

const instruction = (char: string, user: string) =>
  `${SUMMARY_LABEL}\nYou keep the memory of a role-play chat between ${char} and ${user}. Rewrite the ` +
  'summary so far so that it also covers the messages to add. Keep every lasting fact (names, ' +
  'places, relationships, promises, likes and dislikes, what happened), in the past tense, in at ' +
  'most 250 words of plain prose. Write nothing but the summary.';

/** The non-streamed request that folds `lines` into the summary `previous`. */
export function summaryRequest(input: {
  char: string;
  user: string;
  previous: string;
  lines: SummaryLine[];
}): ChatRequest {
  const transcript = input.lines.map((line) => `${line.name}: ${line.text.trim()}`).join('\n');
  return {
    messages: [
      { role: 'system', content: instruction(input.char, input.user) },
      {
        role: 'user',
        content: `${PREVIOUS_HEADING}\n${input.previous.trim() || NO_SUMMARY}\n\n${MESSAGES_HEADING}\n${transcript}`,
      },
    ],
    maxTokens: SUMMARY_MAX_TOKENS,
    stream: false,
  };
}

/** The summary so far and the transcript, read back out of a request `summaryRequest` wrote. */
export function readSummaryRequest(request: ChatRequest): { previous: string; transcript: string[] } | null {
  if (!request.messages[0]?.content.startsWith(SUMMARY_LABEL)) return null;
  const body = request.messages[1]?.content ?? '';
  const split = body.indexOf(`\n\n${MESSAGES_HEADING}\n`);
  if (!body.startsWith(`${PREVIOUS_HEADING}\n`) || split < 0) return null;
  const previous = body.slice(PREVIOUS_HEADING.length + 1, split);
  return {
    previous: previous === NO_SUMMARY ? '' : previous,
    transcript: body
      .slice(split + MESSAGES_HEADING.length + 3)
      .split('\n')
      .filter((line) => line.trim() !== ''),
  };
}
