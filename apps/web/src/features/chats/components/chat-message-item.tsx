import { useState } from 'react';
import { ChevronLeft, ChevronRight, Pencil, RefreshCw, StepForward, Trash2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { CHAT_LABELS, CHAT_LIMITS, type ChatMessage } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ChatImageAttachment } from './chat-image-attachment';
import { CHAT_FIELD_CLASSES } from './field-classes';

export interface ChatMessageActions {
  onEdit: (message: ChatMessage, content: string) => Promise<boolean>;
  onDelete: (message: ChatMessage) => void;
  onRegenerate: (message: ChatMessage) => void;
  onContinue: (message: ChatMessage) => void;
  onSwipe: (message: ChatMessage, swipeIndex: number) => void;
  onRetrySelfie: (message: ChatMessage) => void;
}

const ACTION = 'grid size-8 place-items-center rounded-full text-ink-300 hover:bg-ink-800 hover:text-ink-100';

interface MessageActionProps {
  icon: LucideIcon;
  label: string;
  /** Shows the label on hover as well. */
  titled?: boolean;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** A round icon button under a message. */
function MessageAction({ icon: Icon, label, titled = false, danger = false, ...rest }: MessageActionProps) {
  return (
    <button
      type="button"
      className={cn(ACTION, danger && 'hover:text-red-400')}
      aria-label={label}
      title={titled ? label : undefined}
      {...rest}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

function EditBox({ message, onDone }: { message: ChatMessage; onDone: (content: string | null) => void }) {
  const [text, setText] = useState(message.content);
  return (
    <div className="flex flex-col gap-2">
      <textarea
        aria-label={CHAT_LABELS.editLabel}
        value={text}
        maxLength={CHAT_LIMITS.content}
        dir="auto"
        rows={4}
        onChange={(event) => setText(event.target.value)}
        className={CHAT_FIELD_CLASSES}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={() => onDone(null)}>
          {CHAT_LABELS.cancel}
        </Button>
        <Button size="sm" disabled={!text.trim()} onClick={() => onDone(text)}>
          {CHAT_LABELS.save}
        </Button>
      </div>
    </div>
  );
}

/** One message: its text (streaming in while it is written), its error, and what can be done to it. */
export function ChatMessageItem({
  message,
  characterName,
  userName,
  lastReply,
  busy,
  actions,
}: {
  message: ChatMessage;
  characterName: string;
  userName: string;
  /** The chat's last message is this reply: Regenerate, swipes and Continue apply to it. */
  lastReply: boolean;
  /** A reply is being written somewhere in the chat. */
  busy: boolean;
  actions: ChatMessageActions;
}) {
  const [editing, setEditing] = useState(false);
  const mine = message.role === 'user';
  const streaming = message.status === 'streaming';
  const swipes = message.swipes.length;

  // A picture is sent once: writing its message again would leave it under other words.
  const rewritable = lastReply && message.attachments.length === 0;
  const tools: MessageActionProps[] = [
    ...(rewritable
      ? [
          {
            icon: RefreshCw,
            label: CHAT_LABELS.regenerate,
            disabled: busy,
            onClick: () => actions.onRegenerate(message),
          },
          {
            icon: StepForward,
            label: CHAT_LABELS.continue,
            disabled: busy,
            onClick: () => actions.onContinue(message),
          },
        ]
      : []),
    { icon: Pencil, label: CHAT_LABELS.edit, onClick: () => setEditing(true) },
    { icon: Trash2, label: CHAT_LABELS.delete, danger: true, onClick: () => actions.onDelete(message) },
  ];

  const finishEdit = async (content: string | null) => {
    if (content === null || content === message.content) setEditing(false);
    else if (await actions.onEdit(message, content)) setEditing(false);
  };

  return (
    <li
      data-testid="chat-message"
      data-role={message.role}
      data-status={message.status}
      className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
    >
      <span className="px-1 text-xs text-ink-400">{mine ? userName : characterName}</span>
      <div
        className={cn(
          'max-w-[90%] rounded-2xl px-4 py-2 break-words whitespace-pre-wrap sm:max-w-[75%]',
          mine ? 'bg-rose-glow/20 text-ink-100' : 'bg-ink-800 text-ink-100',
          editing && 'w-full max-w-full sm:max-w-full',
        )}
      >
        {editing ? (
          <EditBox message={message} onDone={(content) => void finishEdit(content)} />
        ) : (
          <p data-testid="chat-message-text">
            {message.content || (streaming ? CHAT_LABELS.writing(characterName) : '')}
          </p>
        )}
        {message.attachments.map((attachment, index) => (
          <ChatImageAttachment
            key={attachment.jobId ?? index}
            attachment={attachment}
            characterName={characterName}
            failed={message.status === 'failed'}
            onRetry={() => actions.onRetrySelfie(message)}
          />
        ))}
        {message.status === 'failed' && message.error ? (
          <p role="alert" className="mt-1 text-sm text-red-400">
            {message.error.message}
          </p>
        ) : null}
        {message.status === 'stopped' ? (
          <p className="mt-1 text-xs text-ink-400">{CHAT_LABELS.stopped}</p>
        ) : null}
      </div>
      {editing || streaming ? null : (
        <div className="flex flex-wrap items-center gap-1">
          {lastReply && swipes > 1 ? (
            <>
              <MessageAction
                icon={ChevronLeft}
                label={CHAT_LABELS.previousSwipe}
                disabled={busy || message.swipeIndex === 0}
                onClick={() => actions.onSwipe(message, message.swipeIndex - 1)}
              />
              <span className="text-xs text-ink-300" data-testid="swipe-position">
                {CHAT_LABELS.swipePosition(message.swipeIndex, swipes)}
              </span>
              <MessageAction
                icon={ChevronRight}
                label={CHAT_LABELS.nextSwipe}
                disabled={busy || message.swipeIndex >= swipes - 1}
                onClick={() => actions.onSwipe(message, message.swipeIndex + 1)}
              />
            </>
          ) : null}
          {tools.map((tool) => (
            <MessageAction key={tool.label} titled {...tool} />
          ))}
        </div>
      )}
    </li>
  );
}
