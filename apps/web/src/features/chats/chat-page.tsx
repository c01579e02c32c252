import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CHAT_LABELS, type ChatMessage, DEFAULT_CHAT_USER_NAME } from '@baegen/shared';
import { useCharacter } from '../../api/characters.queries';
import { chatKeys } from '../../api/chats.queries';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageTitle } from '../../lib/use-page-title';
import { fetchChat } from './api/chat-requests';
import { useChatActions } from './api/use-chat-actions';
import { useChatThread } from './api/use-chat-thread';
import { useLiveChatContext } from './api/use-live-chat-context';
import { streamingReply } from './chat-thread';
import { ChatComposer } from './components/chat-composer';
import { ChatHeader } from './components/chat-header';
import { ChatMessageList } from './components/chat-message-list';
import { useReplyAnnouncement } from './components/use-reply-announcement';

/** `/chats/:chatId`; another chat (an import opening its copy) starts afresh, not on this one's thread. */
export function ChatPage() {
  const { chatId = '' } = useParams();
  return <ChatView key={chatId} chatId={chatId} />;
}

/** One chat with a character: her messages streaming in, and the composer. */
function ChatView({ chatId }: { chatId: string }) {
  const chat = useQuery({ queryKey: chatKeys.one(chatId), queryFn: () => fetchChat(chatId) });
  const character = useCharacter(chat.data?.characterId);
  const { thread, dispatch, error, retry, loadOlder, loadingOlder } = useChatThread(chatId);
  const actions = useChatActions(chatId, dispatch);
  const [pendingDelete, setPendingDelete] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState(false);

  const name = character.data?.name ?? '';
  const userName = chat.data?.userName ?? DEFAULT_CHAT_USER_NAME;
  const announcement = useReplyAnnouncement(thread.messages, name);
  usePageTitle(name ? CHAT_LABELS.chatWith(name) : CHAT_LABELS.chat);
  const busy = streamingReply(thread) !== undefined;
  const context = useLiveChatContext(chatId, thread, busy);

  if (chat.error || error) {
    return (
      <div role="alert" className="card flex flex-col items-center gap-4 p-8 text-center">
        <p>{CHAT_LABELS.loadFailed}</p>
        <Button
          variant="secondary"
          onClick={() => {
            void chat.refetch();
            void retry();
          }}
        >
          {CHAT_LABELS.retry}
        </Button>
      </div>
    );
  }

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    await actions.remove(pendingDelete);
    setDeleting(false);
    setPendingDelete(null);
  };

  return (
    <section className="card flex h-[calc(100dvh-10rem)] min-h-96 flex-col overflow-hidden" aria-label={name}>
      <ChatHeader chat={chat.data} character={character.data} context={context} />
      {thread.loaded ? (
        <ChatMessageList
          messages={thread.messages}
          characterName={name}
          userName={userName}
          busy={busy}
          hasOlder={thread.olderCursor !== null}
          loadingOlder={loadingOlder}
          onLoadOlder={() => void loadOlder()}
          actions={{
            onEdit: actions.edit,
            onDelete: setPendingDelete,
            onRegenerate: actions.regenerate,
            onContinue: actions.continueReply,
            onSwipe: actions.swipe,
            onRetrySelfie: actions.retrySelfie,
          }}
        />
      ) : (
        <div className="flex flex-1 flex-col gap-3 p-4" aria-busy>
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="ml-auto h-12 w-1/2" />
        </div>
      )}
      <div aria-live="polite" className="sr-only" data-testid="reply-announcement">
        {announcement}
      </div>
      <ChatComposer
        chatId={chatId}
        characterName={name}
        streaming={busy}
        onSend={actions.send}
        onStop={actions.stop}
        onSelfie={actions.selfie}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={CHAT_LABELS.deleteMessageTitle}
        message={CHAT_LABELS.deleteMessageConfirm}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </section>
  );
}
