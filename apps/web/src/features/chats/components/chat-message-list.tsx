import { useLayoutEffect, useRef } from 'react';
import { CHAT_LABELS, type ChatMessage } from '@baegen/shared';
import { type ChatMessageActions, ChatMessageItem } from './chat-message-item';

/** How close to the top (px) the list asks for older messages, and to the bottom it keeps following. */
const EDGE_PX = 80;

/**
 * The messages, newest at the bottom. It follows new text while the reader is at the bottom, asks
 * for older pages when scrolled to the top and keeps the reader's place when they arrive.
 */
export function ChatMessageList({
  messages,
  characterName,
  userName,
  busy,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  actions,
}: {
  messages: ChatMessage[];
  characterName: string;
  userName: string;
  busy: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  actions: ChatMessageActions;
}) {
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstId = useRef<string | undefined>(undefined);
  const fromBottom = useRef(0);
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const first = messages[0]?.$id;
    if (firstId.current !== undefined && first !== firstId.current && !atBottom.current) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    firstId.current = first;
  }, [messages]);

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    fromBottom.current = element.scrollHeight - element.scrollTop;
    if (element.scrollTop < EDGE_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div ref={box} onScroll={onScroll} className="flex-1 overflow-y-auto px-3 py-4" data-testid="chat-scroll">
      {loadingOlder ? <p className="pb-3 text-center text-sm text-ink-400">{CHAT_LABELS.loadOlder}</p> : null}
      <ol className="flex flex-col gap-4">
        {messages.map((message) => (
          <ChatMessageItem
            key={message.$id}
            message={message}
            characterName={characterName}
            userName={userName}
            lastReply={message === last && message.role === 'assistant'}
            busy={busy}
            actions={actions}
          />
        ))}
      </ol>
    </div>
  );
}
