import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from '../../../components/ui/link';
import { CHAT_LABELS, type Chat, ROUTES, formatDate } from '@baegen/shared';
import type { CharacterOption } from '../../../api/characters.queries';
import { CharacterImage } from '../../../components/cards/character-image';
import { Button } from '../../../components/ui/button';
import { ChatTitleForm } from './chat-title-form';

/** One chat of the list: her portrait and name, its title (renamed in place), activity and size. */
export function ChatListItem({
  chat,
  character,
  renaming,
  onRename,
  onDelete,
}: {
  chat: Chat;
  /** Unknown while the characters load. */
  character: CharacterOption | undefined;
  renaming: boolean;
  onRename: (chat: Chat, title: string) => Promise<unknown>;
  onDelete: (chat: Chat) => void;
}) {
  const [editing, setEditing] = useState(false);
  const name = character?.name ?? '';
  return (
    <li className="card flex items-center gap-3 p-3 sm:gap-4 sm:p-4" data-testid="chat-list-item">
      <CharacterImage
        src={character?.imageUrl ?? ''}
        name={name}
        alt=""
        className="size-12 shrink-0 rounded-full object-cover sm:size-14"
      />
      <div className="min-w-0 flex-1">
        {editing ? (
          <ChatTitleForm
            title={chat.title}
            saving={renaming}
            onCancel={() => setEditing(false)}
            onSave={(title) =>
              void onRename(chat, title).then(
                () => setEditing(false),
                () => undefined,
              )
            }
          />
        ) : (
          <Link
            to={ROUTES.chat(chat.$id)}
            className="block truncate font-semibold text-ink-100 hover:text-rose-glow"
          >
            {chat.title}
          </Link>
        )}
        <p className="truncate text-sm text-ink-300">{name}</p>
        <p className="truncate text-xs text-ink-400">
          <time dateTime={chat.lastMessageAt}>
            {CHAT_LABELS.lastActivity(formatDate(chat.lastMessageAt))}
          </time>
          {' · '}
          {CHAT_LABELS.messages(chat.messageCount)}
        </p>
      </div>
      {editing ? null : (
        <div className="flex shrink-0 gap-1">
          {[
            {
              label: CHAT_LABELS.renameChat(chat.title),
              title: CHAT_LABELS.rename,
              Icon: Pencil,
              act: () => setEditing(true),
            },
            {
              label: CHAT_LABELS.deleteChat(chat.title),
              title: CHAT_LABELS.delete,
              Icon: Trash2,
              act: () => onDelete(chat),
            },
          ].map(({ label, title, Icon, act }) => (
            <Button
              key={title}
              size="sm"
              variant="ghost"
              aria-label={label}
              title={title}
              icon={Icon}
              onClick={act}
            />
          ))}
        </div>
      )}
    </li>
  );
}
