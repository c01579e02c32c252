import { useState } from 'react';
import { MessagesSquare } from 'lucide-react';
import { CHAT_LABELS, type Chat, PROFILE_LABELS } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { RetryState } from '../../../components/ui/retry-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCharacterChats, useDeleteChat, useRenameChat } from '../api/use-character-chats';
import { ProfileChatRow } from './profile-chat-row';

/** The character's chats on her profile: each opens the chat, with rename and delete (confirmed). */
export function ProfileChats({ characterId, name }: { characterId: string; name: string }) {
  const list = useCharacterChats(characterId);
  const rename = useRenameChat();
  const deletion = useDeleteChat();
  const [pendingDelete, setPendingDelete] = useState<Chat | null>(null);

  let body;
  if (list.isPending) {
    body = (
      <div className="space-y-2" role="status" aria-label={PROFILE_LABELS.chatsLoading}>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  } else if (list.isError) {
    body = <RetryState title={PROFILE_LABELS.chatsLoadFailed} onRetry={() => void list.refetch()} />;
  } else if (list.chats.length === 0) {
    body = (
      <EmptyState
        icon={<MessagesSquare className="size-8" aria-hidden />}
        title={CHAT_LABELS.emptyTitle}
        text={PROFILE_LABELS.chatsEmptyText(name)}
      />
    );
  } else {
    body = (
      <>
        <ul className="space-y-2">
          {list.chats.map((chat) => (
            <ProfileChatRow
              key={chat.$id}
              chat={chat}
              renaming={rename.isPending && rename.variables.chatId === chat.$id}
              onRename={(target, title) =>
                rename.mutateAsync({ chatId: target.$id, title }).catch(() => undefined)
              }
              onDelete={setPendingDelete}
            />
          ))}
        </ul>
        {list.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button
              variant="secondary"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {PROFILE_LABELS.loadMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="profile-chats-heading">
      <h2 id="profile-chats-heading" className="mb-4 text-2xl font-semibold">
        {PROFILE_LABELS.chats}
      </h2>
      {body}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={CHAT_LABELS.deleteChatTitle}
        message={pendingDelete ? CHAT_LABELS.deleteChatConfirm(pendingDelete.title) : ''}
        busy={deletion.isPending}
        onConfirm={() => {
          if (pendingDelete) deletion.mutate(pendingDelete.$id, { onSettled: () => setPendingDelete(null) });
        }}
        onCancel={() => setPendingDelete(null)}
      />
    </section>
  );
}
