import type { ChatContextUsage } from '@baegen/shared/contract';
import type { ChatRequest, ChatTurn } from '../providers/chat-provider.port';
import { parseExampleDialogues } from './example-dialogues';
import { type CharacterBook, selectLore } from './lorebook';
import { applyMacros, macroNames } from './macros';
import { DEFAULT_SYSTEM_PROMPT, SECTION, labelled } from './prompt-sections';
import { RECALL_SHARE, type RecalledMessage, recalledSection } from './recalled-section';
import { type TokenCounter, TURN_OVERHEAD_TOKENS } from './token-counter';

/** What the chat knows of the character: her card, V3 `data` fields. */
export interface PromptCharacter {
  name: string;
  nickname?: string;
  description: string;
  /**
   * The Appearance of a character made in the form, whose description is her Background alone;
   * written before the description. Left out for imported cards, whose description carries it.
   */
  appearance?: string;
  personality: string;
  scenario: string;
  system_prompt: string;
  post_history_instructions: string;
  mes_example: string;
  first_mes: string;
  /** The card's lorebook (V2/V3 shape). */
  character_book?: CharacterBook | null;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: string;
  /** Its place in the chat, when the caller knows it: reported back for the oldest message sent. */
  seq?: number;
}

export interface BuiltPrompt {
  request: ChatRequest;
  usage: {
    /** Tokens the request takes. */
    contextTokens: number;
    /** Tokens it may take: the context less the room kept for the reply. */
    budgetTokens: number;
    historyMessages: number;
    droppedMessages: number;
    parts: ChatContextUsage['parts'];
  };
  /** The older messages recalled into the prompt, in the chat's order. */
  recalled: RecalledMessage[];
  /** The oldest history message sent: those before it fell out of the window. */
  oldestSent?: PromptMessage;
  /** Names (or ids) of the lorebook entries used. */
  lorebookEntries: string[];
}

export interface BuildPromptInput {
  character: PromptCharacter;
  userName: string;
  memory: string;
  /** The rolling summary of the messages that left the window. */
  summary?: string;
  /** Messages from before the history found again for this reply, best first; those that fit are sent. */
  recalled?: RecalledMessage[];
  /** Oldest first: the whole chat, or the newest messages the caller loaded. */
  history: PromptMessage[];
  contextTokens: number;
  maxReplyTokens: number;
  /** Continue: the assistant text to extend (the last history message, if it is this one, is left out). */
  continueFrom?: string;
  /** From `loadTokenCounter()`. */
  tokens: TokenCounter;
}

/** Share of the context the lorebook may fill, as in SillyTavern's default world-info budget. */
const LOREBOOK_SHARE = 0.25;

/** The tokens OpenAI's format adds to prime the reply. */
const REPLY_PRIMING_TOKENS = 3;

const START_NEW_CHAT = '[Start a new chat]';
const CONTINUE_INSTRUCTION =
  "[Continue {{char}}'s last message from exactly where it stops, without repeating any of it.]";

const joinSections = (sections: (string | false | undefined)[]) =>
  sections.filter((section): section is string => !!section).join('\n\n');

/** The card's `first_mes` with macros applied; a character without one says hello in a few words. */
export function greeting(character: PromptCharacter, userName: string): string {
  const text =
    character.first_mes.trim() || '*{{char}} looks up and smiles.* Hi, {{user}}! What is on your mind?';
  return applyMacros(text, macroNames(character, userName));
}

/**
 * The request for the next reply, in SillyTavern's Chat Completion order: system prompt, lorebook
 * before the character, her description, personality and scenario, lorebook after, the chat's
 * memory, recalled messages, example dialogues, the history, then the post-history instructions.
 * The fixed parts and the lorebook are served first, then recalled messages (up to a tenth of
 * the context); the chat's summary goes after its memory; the history fills what is left, newest first, in whole messages; examples take
 * what the history leaves, as SillyTavern does.
 */
export function buildPrompt(input: BuildPromptInput): BuiltPrompt {
  const { character, tokens } = input;
  const names = macroNames(character, input.userName);
  const fill = (text: string) => applyMacros(text, names).trim();
  const budgetTokens = Math.max(0, input.contextTokens - input.maxReplyTokens);
  const continueFrom = input.continueFrom?.length ? input.continueFrom : undefined;
  // A reply stopped before its first word has no text, which some APIs refuse as a message.
  const history = withoutContinued(input.history, continueFrom).filter((message) =>
    /\S/.test(message.content),
  );

  const lore = selectLore(
    character.character_book,
    [...history.map((message) => message.content), ...(continueFrom === undefined ? [] : [continueFrom])],
    Math.floor(input.contextTokens * LOREBOOK_SHARE),
    (text) => tokens.count(fill(text)),
  );
  const loreText = (entries: { content: string }[]) => fill(entries.map((entry) => entry.content).join('\n'));
  const lorebook = [loreText(lore.before), loreText(lore.after)];
  const section = (label: string, ...texts: (string | undefined)[]) => {
    const text = joinSections(texts.map((part) => fill(part ?? '')));
    return text && labelled(label, text);
  };
  const card = [
    systemPrompt(character.system_prompt, fill),
    section(SECTION.description(names.char), character.appearance, character.description),
    section(SECTION.personality(names.char), character.personality),
    section(SECTION.scenario, character.scenario),
  ];
  const memory = section(SECTION.memory, input.memory);
  const summary = section(SECTION.summary, input.summary);
  const system = joinSections([
    card[0],
    lorebook[0],
    card[1],
    card[2],
    card[3],
    lorebook[1],
    memory,
    summary,
  ]);
  const closing = joinSections([
    fill(character.post_history_instructions),
    continueFrom !== undefined && fill(CONTINUE_INSTRUCTION),
  ]);

  const countSections = (sections: string[]) =>
    sections.reduce((sum, section) => sum + (section ? tokens.count(section) : 0), 0);
  const parts = {
    card:
      countSections(card) +
      TURN_OVERHEAD_TOKENS +
      (closing ? tokens.countTurn(closing) : 0) +
      REPLY_PRIMING_TOKENS,
    lorebook: countSections(lorebook),
    memory: countSections([memory]),
    summary: countSections([summary]),
    recalled: 0,
    history: continueFrom === undefined ? 0 : tokens.countTurn(continueFrom),
  };

  // The newest message always goes in: a reply to a chat it cannot see would make no sense.
  let room = budgetTokens - parts.card - parts.lorebook - parts.memory - parts.summary - parts.history;
  const recalled = recalledSection(
    input.recalled ?? [],
    names,
    Math.min(Math.floor(input.contextTokens * RECALL_SHARE), room),
    tokens,
  );
  parts.recalled = recalled.tokens;
  room -= recalled.tokens;
  let kept = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const cost = tokens.countTurn(history[index]!.content);
    if (cost > room && kept > 0) break;
    room -= cost;
    parts.history += cost;
    kept += 1;
  }
  const examples = fitExamples(character.mes_example, fill, tokens, room);
  parts.card += examples.tokens;

  const messages: ChatTurn[] = [{ role: 'system', content: system }];
  if (recalled.text) messages.push({ role: 'system', content: recalled.text });
  messages.push(...examples.turns);
  const sent = history.slice(history.length - kept);
  for (const message of sent) {
    messages.push({ role: message.role, content: message.content });
  }
  if (closing) messages.push({ role: 'system', content: closing });
  if (continueFrom !== undefined) messages.push({ role: 'assistant', content: continueFrom });

  return {
    request: { messages, maxTokens: input.maxReplyTokens },
    usage: {
      contextTokens:
        parts.card + parts.lorebook + parts.memory + parts.summary + parts.recalled + parts.history,
      budgetTokens,
      historyMessages: kept,
      droppedMessages: history.length - kept,
      parts,
    },
    recalled: [...recalled.chosen].sort((a, b) => a.seq - b.seq),
    ...(sent[0] ? { oldestSent: sent[0] } : {}),
    lorebookEntries: lore.labels,
  };
}

/** The card's system prompt in place of the default; `{{original}}` in it stands for the default. */
function systemPrompt(cardPrompt: string, fill: (text: string) => string): string {
  const own = cardPrompt.trim();
  const text = own ? own.replace(/\{\{original\}\}/gi, () => DEFAULT_SYSTEM_PROMPT) : DEFAULT_SYSTEM_PROMPT;
  return fill(text);
}

/** History without the assistant message being continued, which the request ends with instead. */
function withoutContinued(history: PromptMessage[], continueFrom: string | undefined): PromptMessage[] {
  const last = history[history.length - 1];
  const continued = continueFrom !== undefined && last?.role === 'assistant' && last.content === continueFrom;
  return continued ? history.slice(0, -1) : history;
}

/** Whole example dialogues, in the card's order, as many as fit in `room`, then the new-chat marker. */
function fitExamples(
  mesExample: string,
  fill: (text: string) => string,
  tokens: TokenCounter,
  room: number,
): { turns: ChatTurn[]; tokens: number } {
  const dialogues = parseExampleDialogues(mesExample);
  const marker = tokens.countTurn(START_NEW_CHAT);
  let left = room - marker;
  const turns: ChatTurn[] = [];
  for (const dialogue of dialogues) {
    const filled = dialogue.map((turn) => ({ role: turn.role, content: fill(turn.content) }));
    const cost = filled.reduce((sum, turn) => sum + tokens.countTurn(turn.content), 0);
    if (cost > left) break;
    left -= cost;
    turns.push(...filled);
  }
  if (turns.length === 0) return { turns, tokens: 0 };
  turns.push({ role: 'system', content: START_NEW_CHAT });
  return { turns, tokens: room - left };
}
