import { useState } from 'react';
import { Settings2 } from 'lucide-react';
import { CHAT_LABELS, type Character, type Chat, type ChatContext } from '@baegen/shared';
import { CharacterImage } from '../../../components/cards/character-image';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ChatContextMeter } from './chat-context-meter';
import { ChatSettingsPanel } from './chat-settings-panel';
import { ChatTransfer } from './chat-transfer';

/** The top of a chat: her portrait and name, its title, context usage, settings, export and import. */
export function ChatHeader({
  chat,
  character,
  context,
}: {
  chat: Chat | undefined;
  character: Character | undefined;
  context: ChatContext | undefined;
}) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const name = character?.name ?? '';
  return (
    <>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-ink-800 p-3">
        {character ? (
          <CharacterImage
            src={character.imageUrl}
            name={name}
            alt=""
            className="size-12 shrink-0 rounded-full object-cover"
          />
        ) : (
          <Skeleton className="size-12 rounded-full" />
        )}
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold">{name || chat?.title}</h1>
          {chat && name ? <p className="truncate text-sm text-ink-300">{chat.title}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={settingsOpen}
            disabled={!chat}
            icon={Settings2}
            onClick={() => setSettingsOpen((open) => !open)}
          >
            {CHAT_LABELS.settings}
          </Button>
          {chat ? <ChatTransfer chatId={chat.$id} characterId={chat.characterId} /> : null}
        </div>
        <div className="basis-full">
          <ChatContextMeter context={context} />
        </div>
      </header>
      {settingsOpen && chat ? (
        <ChatSettingsPanel key={chat.updatedAt} chat={chat} onClose={() => setSettingsOpen(false)} />
      ) : null}
    </>
  );
}
