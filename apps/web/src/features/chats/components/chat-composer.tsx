import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Camera } from 'lucide-react';
import { CHAT_LABELS, CHAT_LIMITS } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { CHAT_FIELD_CLASSES } from './field-classes';
import { useChatDraft } from './use-chat-draft';

export interface ChatComposerProps {
  chatId: string;
  characterName: string;
  /** A reply is being written: nothing can be sent until it ends, and Stop shows instead. */
  streaming: boolean;
  /** Sends the text; resolves true once the server has it, so the draft can be cleared. */
  onSend: (content: string) => Promise<boolean>;
  onStop: () => void;
  /** Asks the character for a picture of her. */
  onSelfie: () => void;
}

/** The message box: Enter sends, Shift+Enter starts a new line, the draft survives a reload. */
export function ChatComposer({
  chatId,
  characterName,
  streaming,
  onSend,
  onStop,
  onSelfie,
}: ChatComposerProps) {
  const [draft, setDraft] = useChatDraft(chatId);
  const [sending, setSending] = useState(false);
  const canSend = !streaming && !sending && draft.trim().length > 0;

  const submit = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      if (await onSend(draft)) setDraft('');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-ink-800 bg-ink-950/80 p-3">
      <textarea
        aria-label={CHAT_LABELS.composerLabel}
        placeholder={CHAT_LABELS.composerPlaceholder(characterName)}
        value={draft}
        maxLength={CHAT_LIMITS.content}
        dir="auto"
        rows={2}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        className={`${CHAT_FIELD_CLASSES} min-h-12 flex-1 resize-y`}
      />
      <Button
        variant="secondary"
        onClick={onSelfie}
        aria-label={CHAT_LABELS.sendSelfie}
        title={CHAT_LABELS.sendSelfie}
      >
        <Camera className="size-4" aria-hidden />
      </Button>
      {streaming ? (
        <Button variant="secondary" onClick={onStop}>
          {CHAT_LABELS.stop}
        </Button>
      ) : (
        <Button type="submit" disabled={!canSend} loading={sending}>
          {CHAT_LABELS.send}
        </Button>
      )}
    </form>
  );
}
