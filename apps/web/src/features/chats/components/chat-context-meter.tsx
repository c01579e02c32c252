import { useId } from 'react';
import { CHAT_LABELS, type ChatContext } from '@baegen/shared';
import { ChatContextDetails } from './chat-context-details';

/**
 * How much of the model's context the next reply's prompt takes, whether old messages fell out,
 * and what went into the last reply's.
 */
export function ChatContextMeter({ context }: { context: ChatContext | undefined }) {
  const labelId = useId();
  if (!context) return null;
  const { usedTokens, budgetTokens, droppedMessages } = context;
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-400"
      data-testid="chat-context"
    >
      <span id={labelId}>{CHAT_LABELS.contextLabel}</span>
      <meter
        aria-labelledby={labelId}
        className="h-2 w-24 sm:w-40"
        min={0}
        max={budgetTokens}
        value={Math.min(usedTokens, budgetTokens)}
        high={budgetTokens * 0.9}
      />
      <span>{CHAT_LABELS.contextUsage(usedTokens, budgetTokens)}</span>
      {droppedMessages > 0 ? (
        <span className="text-amber-300">{CHAT_LABELS.contextDropped(droppedMessages)}</span>
      ) : null}
      {context.lastReply ? <ChatContextDetails usage={context.lastReply} /> : null}
    </div>
  );
}
