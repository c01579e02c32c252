import type { ChatTurn } from '../providers/chat-provider.port';

/** One `<START>` block of a card's `mes_example`, as chat turns. */
export type ExampleDialogue = ChatTurn[];

const SPEAKER = /^\s*(\{\{user\}\}|<USER>|\{\{char\}\}|<BOT>)\s*:\s?/i;

/**
 * Splits `mes_example` on `<START>` into dialogues; a line that begins with `{{user}}:` or
 * `{{char}}:` (or `<USER>:` / `<BOT>:`) starts a turn of that speaker, other lines continue the
 * turn before them. Text before any speaker is the character's, as cards that leave the prefix
 * out mean. Macros are left for the caller to apply.
 */
export function parseExampleDialogues(mesExample: string): ExampleDialogue[] {
  return mesExample
    .split(/<START>/i)
    .map((block) => {
      const turns: ChatTurn[] = [];
      for (const line of block.split(/\r?\n/)) {
        const speaker = SPEAKER.exec(line);
        if (speaker) {
          const who = speaker[1]!.toLowerCase();
          const role = who === '{{user}}' || who === '<user>' ? 'user' : 'assistant';
          turns.push({ role, content: line.slice(speaker[0].length) });
        } else if (turns.length > 0) {
          turns[turns.length - 1]!.content += `\n${line}`;
        } else if (line.trim()) {
          turns.push({ role: 'assistant', content: line });
        }
      }
      return turns
        .map((turn) => ({ ...turn, content: turn.content.trim() }))
        .filter((turn) => turn.content.length > 0);
    })
    .filter((dialogue) => dialogue.length > 0);
}
