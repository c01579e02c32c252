import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/ui/link';
import { CHAT_LABELS, ROUTES } from '@baegen/shared';
import { chatFailureMessage, latestOrNewChat } from '../../api/chats.queries';
import { buttonClasses } from '../../components/ui/button';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * `/chats/with/:characterId`: opens the character's latest chat, or starts one, in place of this
 * address, so Back leads to where the user came from, not here again.
 */
export function ChatWithPage() {
  usePageTitle(CHAT_LABELS.chat);
  const { characterId = '' } = useParams();
  const navigate = useNavigate();
  const chat = useQuery({
    queryKey: ['chats', 'with', characterId],
    queryFn: () => latestOrNewChat(characterId),
    // Every visit asks again: a chat started here a moment ago is her latest now.
    gcTime: 0,
    retry: false,
  });

  const chatId = chat.data?.$id;
  useEffect(() => {
    if (chatId) void navigate(ROUTES.chat(chatId), { replace: true });
  }, [chatId, navigate]);

  if (chat.isError) {
    return (
      <div role="alert" className="card flex flex-col items-center gap-4 p-8 text-center">
        <p>{CHAT_LABELS.openFailed}</p>
        <p className="text-sm text-ink-300">{chatFailureMessage(chat.error)}</p>
        <Link to={ROUTES.characters} className={buttonClasses('secondary')}>
          {CHAT_LABELS.emptyAction}
        </Link>
      </div>
    );
  }
  return (
    <p role="status" className="card p-8 text-center text-ink-300">
      {CHAT_LABELS.opening}
    </p>
  );
}
