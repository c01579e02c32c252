import { useEffect, useRef, useState } from 'react';
import { CHAT_LABELS, type ChatMessage } from '@baegen/shared';

/**
 * What the polite live region says: a reply once it is finished, never each token of it. A reply
 * counts as finished when it was seen streaming and now is not.
 */
export function useReplyAnnouncement(messages: ChatMessage[], characterName: string): string {
  const streaming = useRef(new Set<string>());
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    for (const message of messages) {
      if (message.status === 'streaming') streaming.current.add(message.$id);
      else if (streaming.current.delete(message.$id) && message.status !== 'failed') {
        setAnnouncement(CHAT_LABELS.replied(characterName, message.content));
      }
    }
  }, [messages, characterName]);
  return announcement;
}
