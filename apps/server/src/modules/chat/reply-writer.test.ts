import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ReplyWriter } from './reply-writer';

function writer(options: { accept?: (call: number) => boolean; fail?: (call: number) => boolean } = {}) {
  const writes: { text: string; from: number }[] = [];
  const shown: { text: string; from: number }[] = [];
  let aborted = 0;
  const reply = new ReplyWriter({
    offset: 5,
    flushMs: 20,
    write: async (text, from) => {
      writes.push({ text, from });
      await delay(1);
      if (options.fail?.(writes.length)) throw new Error('database down');
      return options.accept?.(writes.length) ?? true;
    },
    shown: (text, from) => shown.push({ text, from }),
    abort: () => (aborted += 1),
  });
  return { reply, writes, shown, aborted: () => aborted };
}

describe('ReplyWriter', () => {
  it('shows each piece at once and writes text in batches, in order, each from where the last ended', async () => {
    const { reply, writes, shown } = writer();
    reply.push('Hel');
    reply.push('lo');
    expect(shown).toEqual([
      { text: 'Hel', from: 5 },
      { text: 'lo', from: 8 },
    ]);
    expect(writes).toEqual([]);
    await delay(40);
    reply.push(' there');
    await reply.flush();
    expect(writes).toEqual([
      { text: 'Hello', from: 5 },
      { text: ' there', from: 10 },
    ]);
    expect(shown.at(-1)).toEqual({ text: ' there', from: 10 });
  });

  it('stops writing, and aborts the reply, once the row refuses a write', async () => {
    const { reply, writes, shown, aborted } = writer({ accept: (call) => call < 2 });
    reply.push('one');
    await reply.flush();
    reply.push('two');
    await reply.flush();
    reply.push('three');
    await reply.flush();
    expect(writes.map((w) => w.text)).toEqual(['one', 'two']);
    expect(shown.map((w) => w.text)).toEqual(['one', 'two']);
    expect(reply.lost).toBe(true);
    expect(aborted()).toBe(1);
  });

  it('keeps the error of a failed timed write and aborts the reply', async () => {
    const { reply, aborted } = writer({ fail: () => true });
    reply.push('text');
    await delay(50);
    expect(reply.failure).toBeInstanceOf(Error);
    expect(aborted()).toBe(1);
    await expect(reply.flush()).rejects.toThrow('database down');
  });
});
