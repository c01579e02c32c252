import { type FormEvent, useEffect, useRef, useState } from 'react';
import { MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { Link } from '../../../components/ui/link';
import { CHAT_LABELS, CHAT_LIMITS, type Chat, PROFILE_LABELS, ROUTES, formatDate } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { FIELD_CLASSES } from './form-fields';

export interface ProfileChatRowProps {
  chat: Chat;
  renaming: boolean;
  onRename: (chat: Chat, title: string) => Promise<unknown>;
  onDelete: (chat: Chat) => void;
}

/** One chat of the profile: a link into it, then Rename (in place) and Delete. */
export function ProfileChatRow({ chat, renaming, onRename, onDelete }: ProfileChatRowProps) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(chat.title);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the title field hands the keyboard back to Rename instead of the page's top.
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (next && next !== chat.title) await onRename(chat, next);
    setEditing(false);
  };

  if (editing) {
    return (
      <li className="card p-3">
        <form className="flex flex-col gap-2 sm:flex-row sm:items-center" onSubmit={(e) => void submit(e)}>
          <label className="sr-only" htmlFor={`chat-title-${chat.$id}`}>
            {CHAT_LABELS.title}
          </label>
          <input
            id={`chat-title-${chat.$id}`}
            className={`${FIELD_CLASSES} py-2`}
            value={title}
            maxLength={CHAT_LIMITS.title}
            dir="auto"
            required
            autoFocus
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
          />
          <div className="flex shrink-0 gap-2">
            <Button type="submit" size="sm" loading={renaming}>
              {CHAT_LABELS.save}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)} disabled={renaming}>
              {CHAT_LABELS.cancel}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="card flex items-center gap-2 p-2 pl-4" data-testid="profile-chat">
      <Link
        to={ROUTES.chat(chat.$id)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 hover:text-rose-glow"
      >
        <MessageCircle className="size-4 shrink-0 text-ink-400" aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{chat.title}</span>
          <span className="block text-xs text-ink-400">
            {CHAT_LABELS.messages(chat.messageCount)} ·{' '}
            <time dateTime={chat.lastMessageAt}>{formatDate(chat.lastMessageAt)}</time>
          </span>
        </span>
      </Link>
      <Button
        ref={renameButton}
        variant="ghost"
        size="sm"
        aria-label={PROFILE_LABELS.renameLabel(chat.title)}
        title={CHAT_LABELS.rename}
        icon={Pencil}
        onClick={() => {
          setTitle(chat.title);
          setEditing(true);
        }}
      />
      <Button
        variant="ghost"
        size="sm"
        className="hover:text-red-400"
        aria-label={PROFILE_LABELS.deleteLabel(chat.title)}
        title={CHAT_LABELS.delete}
        icon={Trash2}
        onClick={() => onDelete(chat)}
      />
    </li>
  );
}
