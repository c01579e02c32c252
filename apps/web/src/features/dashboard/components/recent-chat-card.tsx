import { CHAT_LABELS, type Chat, ROUTES } from '@baegen/shared';
import type { CharacterOption } from '../../../api/characters.queries';
import { CharacterImage } from '../../../components/cards/character-image';
import { CompactCard } from '../../../components/cards/compact-card';

/** A recent chat on the dashboard: her picture, the chat's title, her name and its size; opens it. */
export function RecentChatCard({ chat, character }: { chat: Chat; character: CharacterOption | undefined }) {
  const name = character?.name ?? '';
  return (
    <CompactCard
      to={ROUTES.chat(chat.$id)}
      testId="recent-chat"
      picture={
        <CharacterImage
          src={character?.imageUrl ?? ''}
          name={name}
          alt=""
          className="absolute inset-0 size-full"
        />
      }
      title={chat.title}
      meta={
        name
          ? `${name} · ${CHAT_LABELS.messages(chat.messageCount)}`
          : CHAT_LABELS.messages(chat.messageCount)
      }
    />
  );
}
