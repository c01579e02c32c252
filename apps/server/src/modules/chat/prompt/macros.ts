export interface MacroNames {
  /** The character's name as the chat uses it: her V3 `nickname` when she has one. */
  char: string;
  /** What the user goes by in this chat. */
  user: string;
}

export const DEFAULT_USER_NAME = 'User';

/**
 * Only the macros every card relies on are replaced; any other `{{...}}` stays as written, since
 * a card may use it as text (or for a front end with macros this one does not know).
 */
const MACRO = /\{\{(char|user)\}\}|<(BOT|USER)>/gi;

/** Replaces `{{char}}`, `{{user}}`, `<BOT>` and `<USER>`, in any letter case. */
export function applyMacros(text: string, names: MacroNames): string {
  return text.replace(MACRO, (_match, braced: string | undefined, angled: string | undefined) => {
    const macro = (braced ?? angled ?? '').toLowerCase();
    return macro === 'char' || macro === 'bot' ? names.char : names.user;
  });
}

/** The names a chat's macros stand for: the nickname wins over the name; a blank user name is "User". */
export function macroNames(character: { name: string; nickname?: string }, userName: string): MacroNames {
  return {
    char: character.nickname?.trim() || character.name.trim(),
    user: userName.trim() || DEFAULT_USER_NAME,
  };
}
