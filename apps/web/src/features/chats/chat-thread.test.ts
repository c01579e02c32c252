import { describe, expect, it } from 'vitest';
import { chatMessageListSchema } from '@baegen/shared';
import { fakeChatMessage } from '../../test/fake-api';
import { EMPTY_THREAD, type ChatThread, chatThreadReducer, streamingReply } from './chat-thread';

const greeting = fakeChatMessage({ $id: 'm1', seq: 2, createdAt: '2026-03-09T12:00:00.000Z' });
const question = fakeChatMessage({
  $id: 'm2',
  seq: 3,
  role: 'user',
  content: 'How are you?',
  swipes: ['How are you?'],
  createdAt: '2026-03-09T12:01:00.000Z',
});
const reply = fakeChatMessage({
  $id: 'm3',
  seq: 4,
  content: 'I am',
  swipes: ['I am'],
  status: 'streaming',
  createdAt: '2026-03-09T12:01:01.000Z',
});

function loaded(...messages: (typeof greeting)[]): ChatThread {
  const page = chatMessageListSchema.parse({ documents: messages, nextCursor: 'older' });
  return chatThreadReducer(EMPTY_THREAD, { type: 'latest', page });
}

const delta = (text: string, offset: number, messageId = 'm3') =>
  ({ type: 'delta', delta: { messageId, text, offset } }) as const;

describe('chatThreadReducer', () => {
  it('holds the newest page and where the older ones continue', () => {
    const thread = loaded(greeting, question);
    expect(thread.loaded).toBe(true);
    expect(thread.olderCursor).toBe('older');
    expect(thread.messages.map((m) => m.$id)).toEqual(['m1', 'm2']);
  });

  it('appends each delta at its offset, in the content and the current swipe', () => {
    let thread = loaded(greeting, question, reply);
    thread = chatThreadReducer(thread, delta(' fine', 4));
    thread = chatThreadReducer(thread, delta(', thanks.', 9));
    expect(thread.messages[2]).toMatchObject({
      content: 'I am fine, thanks.',
      swipes: ['I am fine, thanks.'],
      status: 'streaming',
    });
  });

  it('never doubles text it already holds, and skips a delta past a gap', () => {
    let thread = loaded(reply);
    thread = chatThreadReducer(thread, delta(' fine', 4));
    thread = chatThreadReducer(thread, delta(' fine', 4));
    expect(thread.messages[0]!.content).toBe('I am fine');
    thread = chatThreadReducer(thread, delta('!', 20));
    expect(thread.messages[0]!.content).toBe('I am fine');
  });

  it('keeps the text deltas showed when an older view of the reply comes after them', () => {
    let thread = loaded(greeting, question, reply);
    thread = chatThreadReducer(thread, delta(' fine', 4));
    thread = chatThreadReducer(thread, { type: 'upsert', message: { ...reply, content: '', swipes: [''] } });
    expect(streamingReply(thread)?.content).toBe('I am fine');
    thread = chatThreadReducer(thread, delta(', thanks', 9));
    expect(streamingReply(thread)?.content).toBe('I am fine, thanks');
    const done = { ...reply, content: 'I am well', swipes: ['I am well'], status: 'done' as const };
    thread = chatThreadReducer(thread, { type: 'upsert', message: done });
    expect(thread.messages.at(-1)?.content).toBe('I am well');
  });

  it('ignores a delta of a message it does not hold', () => {
    const thread = loaded(greeting);
    expect(chatThreadReducer(thread, delta('x', 0, 'other'))).toBe(thread);
  });

  it('takes the snapshot of the reply being written, with its text so far', () => {
    const thread = loaded(greeting, question, fakeChatMessage({ ...reply, content: '', swipes: [''] }));
    const next = chatThreadReducer(thread, { type: 'snapshot', message: reply });
    expect(next.messages.map((m) => m.content)).toEqual(['Hello there.', 'How are you?', 'I am']);
    expect(streamingReply(next)?.$id).toBe('m3');
    expect(chatThreadReducer(next, { type: 'snapshot', message: null })).toBe(next);
  });

  it('replaces a message by id on a message event, and adds a new one in order of age', () => {
    let thread = loaded(greeting, question, reply);
    const done = fakeChatMessage({ ...reply, content: 'I am well.', swipes: ['I am well.'], status: 'done' });
    thread = chatThreadReducer(thread, { type: 'upsert', message: done });
    expect(thread.messages).toHaveLength(3);
    expect(thread.messages[2]).toEqual(done);
    expect(streamingReply(thread)).toBeUndefined();

    const later = fakeChatMessage({ $id: 'm4', seq: 5, createdAt: '2026-03-09T12:05:00.000Z' });
    thread = chatThreadReducer(thread, { type: 'upsert', message: later });
    expect(thread.messages.map((m) => m.$id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('puts an older page before the messages it holds and follows its cursor', () => {
    const older = fakeChatMessage({ $id: 'm0', seq: 1, createdAt: '2026-03-09T11:00:00.000Z' });
    const page = chatMessageListSchema.parse({ documents: [older], nextCursor: null });
    const thread = chatThreadReducer(loaded(greeting, question), { type: 'older', page });
    expect(thread.messages.map((m) => m.$id)).toEqual(['m0', 'm1', 'm2']);
    expect(thread.olderCursor).toBeNull();
  });

  it("keeps the chat's order when the snapshot of a reply comes before the page, made in the same instant", () => {
    const sameTime = { createdAt: question.createdAt };
    let thread = chatThreadReducer(EMPTY_THREAD, { type: 'snapshot', message: { ...reply, ...sameTime } });
    const page = chatMessageListSchema.parse({
      documents: [greeting, question, { ...reply, ...sameTime }],
      nextCursor: null,
    });
    thread = chatThreadReducer(thread, { type: 'latest', page });
    expect(thread.messages.map((m) => m.$id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('drops a deleted message', () => {
    const thread = chatThreadReducer(loaded(greeting, question), { type: 'remove', messageId: 'm1' });
    expect(thread.messages.map((m) => m.$id)).toEqual(['m2']);
  });
});
