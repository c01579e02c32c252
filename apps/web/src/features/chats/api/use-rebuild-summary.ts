import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_LABELS, type Chat, chatPaths } from '@baegen/shared';
import { chatFailureMessage, chatKeys } from '../../../api/chats.queries';
import { api } from '../../../lib/api-client';
import { chatSchema } from '../../../api/lazy-schemas';

/** How often, and how long at most, the chat is read again while its summary is rewritten. */
const POLL_MS = 1500;
const POLL_LIMIT = 20;

/**
 * Starts rewriting the chat's summary (a background job), then reads the chat again until the
 * new summary is written (its time is null until then), so the panel shows it without a reload.
 */
export function useRebuildSummary(chat: Chat) {
  const queryClient = useQueryClient();
  const [polls, setPolls] = useState(0);
  const rebuild = useMutation({
    mutationFn: () => api(chatPaths.rebuildSummary(chat.$id), chatSchema, { method: 'POST' }),
    onSuccess: (started) => {
      queryClient.setQueryData(chatKeys.one(started.$id), started);
      toast.success(CHAT_LABELS.summaryRebuildStarted);
      setPolls(POLL_LIMIT);
    },
    onError: (error) => toast.error(chatFailureMessage(error)),
  });
  const waiting = polls > 0 && chat.summaryUpdatedAt === null;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.one(chat.$id) });
      setPolls((left) => left - 1);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls, chat.$id, queryClient]);
  return { rebuild: () => rebuild.mutate(), rebuilding: rebuild.isPending || waiting };
}
