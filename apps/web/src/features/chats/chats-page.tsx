import { useMemo, useState } from 'react';
import { MessagesSquare, Users } from 'lucide-react';
import { CHAT_LABELS, type Chat, PAGE_HEADINGS, ROUTES } from '@baegen/shared';
import { useCharacterOptions } from '../../api/characters.queries';
import { useChatList, useDeleteChat, usePatchChat } from '../../api/chats.queries';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageTitle } from '../../lib/use-page-title';
import { ChatListItem } from './components/chat-list-item';

function ChatListBody() {
  const list = useChatList();
  const characters = useCharacterOptions();
  const byId = useMemo(
    () => new Map((characters.data ?? []).map((character) => [character.$id, character])),
    [characters.data],
  );
  const patch = usePatchChat();
  const remove = useDeleteChat();
  const [pendingDelete, setPendingDelete] = useState<Chat | null>(null);

  if (list.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy aria-label={CHAT_LABELS.loadingChats}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-20 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="card flex flex-col items-center gap-4 p-8 text-center">
        <p>{CHAT_LABELS.listLoadFailed}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {CHAT_LABELS.retry}
        </Button>
      </div>
    );
  }
  if (list.chats.length === 0) {
    return (
      <EmptyState
        icon={<MessagesSquare className="size-8" aria-hidden />}
        title={CHAT_LABELS.emptyTitle}
        text={CHAT_LABELS.emptyText}
        action={
          <ButtonLink to={ROUTES.characters} icon={Users}>
            {CHAT_LABELS.emptyAction}
          </ButtonLink>
        }
      />
    );
  }

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.$id, { onSettled: () => setPendingDelete(null) });
  };

  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={PAGE_HEADINGS.chats}>
        {list.chats.map((chat) => (
          <ChatListItem
            key={chat.$id}
            chat={chat}
            character={byId.get(chat.characterId)}
            renaming={patch.isPending && patch.variables.chatId === chat.$id}
            onRename={(target, title) => patch.mutateAsync({ chatId: target.$id, patch: { title } })}
            onDelete={setPendingDelete}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {CHAT_LABELS.loadMore}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={CHAT_LABELS.deleteChatTitle}
        message={CHAT_LABELS.deleteChatConfirm(pendingDelete?.title ?? '')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  );
}

/** Every chat of the user, latest activity first, each renamed or deleted in place. */
export function ChatsPage() {
  usePageTitle(PAGE_HEADINGS.chats);
  return (
    <>
      <PageHeader title={PAGE_HEADINGS.chats} subtitle={CHAT_LABELS.subtitle} />
      <ChatListBody />
    </>
  );
}
