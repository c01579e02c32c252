import { describe, expect, it } from 'vitest';
import { fakeChatMessage } from '../../../test/fake-api';
import { EMPTY_THREAD } from '../chat-thread';
import { threadShape } from './use-live-chat-context';

describe('threadShape', () => {
  const thread = { ...EMPTY_THREAD, loaded: true, messages: [fakeChatMessage()] };

  it('is unknown while the thread loads or a reply is written', () => {
    expect(threadShape(EMPTY_THREAD, false)).toBeNull();
    expect(threadShape(thread, true)).toBeNull();
  });

  it('changes when a reply ends, is swiped or edited, or a message goes', () => {
    const shape = threadShape(thread, false);
    const variants = [
      fakeChatMessage({ status: 'stopped' }),
      fakeChatMessage({ swipes: ['Hello there.', 'Hi.'], swipeIndex: 1, content: 'Hi.' }),
      fakeChatMessage({ content: 'Hello there, Sam.', swipes: ['Hello there, Sam.'] }),
    ];
    for (const message of variants)
      expect(threadShape({ ...thread, messages: [message] }, false)).not.toBe(shape);
    expect(threadShape({ ...thread, messages: [] }, false)).not.toBe(shape);
    expect(threadShape({ ...thread, messages: [fakeChatMessage()] }, false)).toBe(shape);
  });
});
