import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CHAT_LABELS, type Chat } from '@baegen/shared';
import { chatKeys } from '../../../api/chats.queries';
import { Button } from '../../../components/ui/button';
import { fetchChat } from '../api/chat-requests';
import { useRebuildSummary } from '../api/use-rebuild-summary';

/** How often the open panel reads the chat again: the summary is written after replies, in the background. */
const SUMMARY_REFRESH_MS = 5000;

/** The chat's rolling summary, read-only, with the action that writes it again from the start. */
export function ChatSummarySection({ chat: initial }: { chat: Chat }) {
  const headingId = useId();
  const { data: chat = initial } = useQuery({
    queryKey: chatKeys.one(initial.$id),
    queryFn: () => fetchChat(initial.$id),
    initialData: initial,
    refetchOnMount: 'always',
    refetchInterval: SUMMARY_REFRESH_MS,
  });
  const { rebuild, rebuilding } = useRebuildSummary(chat);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1" data-testid="chat-summary">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium text-ink-200">
          {CHAT_LABELS.summary}
        </h3>
        <Button variant="secondary" size="sm" loading={rebuilding} onClick={rebuild}>
          {rebuilding ? CHAT_LABELS.summaryRebuilding : CHAT_LABELS.summaryRebuild}
        </Button>
      </div>
      <p className="text-xs text-ink-400">{CHAT_LABELS.summaryHint}</p>
      <p
        dir="auto"
        className="max-h-40 overflow-y-auto whitespace-pre-line rounded-lg bg-ink-900/60 p-2 text-sm text-ink-200"
      >
        {chat.summary || CHAT_LABELS.summaryEmpty}
      </p>
    </section>
  );
}
