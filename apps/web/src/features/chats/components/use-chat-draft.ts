import { useEffect, useState } from 'react';
import { chatDraftStorageKey } from '@baegen/shared';

function readDraft(chatId: string): string {
  try {
    return localStorage.getItem(chatDraftStorageKey(chatId)) ?? '';
  } catch {
    return '';
  }
}

/** The unsent text of a chat, kept in localStorage so a reload or a closed tab does not lose it. */
export function useChatDraft(chatId: string) {
  const [draft, setDraft] = useState(() => readDraft(chatId));
  useEffect(() => setDraft(readDraft(chatId)), [chatId]);
  useEffect(() => {
    try {
      if (draft) localStorage.setItem(chatDraftStorageKey(chatId), draft);
      else localStorage.removeItem(chatDraftStorageKey(chatId));
    } catch {
      // Storage full or blocked: the draft lives as long as the page.
    }
  }, [chatId, draft]);
  return [draft, setDraft] as const;
}
