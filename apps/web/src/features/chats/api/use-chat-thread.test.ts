import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_EVENTS,
  chatDeltaEventSchema,
  chatMessageEventSchema,
  chatSnapshotEventSchema,
} from '@baegen/shared';
import { fakeChatMessage } from '../../../test/fake-api';
import { eventAction } from './use-chat-thread';

describe('eventAction', () => {
  const message = fakeChatMessage({ status: 'streaming' });

  it('reads each event of the chat stream through its shared schema', async () => {
    const snapshot = JSON.stringify(chatSnapshotEventSchema.parse({ message }));
    const delta = JSON.stringify(
      chatDeltaEventSchema.parse({ messageId: 'msg1', text: ' more', offset: 12 }),
    );
    const update = JSON.stringify(chatMessageEventSchema.parse({ message }));
    expect(await eventAction(CHAT_EVENTS.snapshot, snapshot)).toEqual({ type: 'snapshot', message });
    expect(await eventAction(CHAT_EVENTS.delta, delta)).toEqual({
      type: 'delta',
      delta: { messageId: 'msg1', text: ' more', offset: 12 },
    });
    expect(await eventAction(CHAT_EVENTS.message, update)).toEqual({ type: 'upsert', message });
  });

  it('drops what does not parse', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await eventAction(CHAT_EVENTS.delta, '{"messageId":1}')).toBeNull();
    expect(await eventAction(CHAT_EVENTS.message, 'not json')).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
