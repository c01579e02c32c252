import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sse-parser';

/** Feeds the stream in pieces of `size` bytes, so every split point is tried across the sizes. */
function parse(stream: string, size: number): SseEvent[] {
  const bytes = Buffer.from(stream);
  const parser = new SseParser();
  const events: SseEvent[] = [];
  for (let at = 0; at < bytes.length; at += size) events.push(...parser.push(bytes.subarray(at, at + size)));
  events.push(...parser.end());
  return events;
}

const stream = [
  ': OPENROUTER PROCESSING',
  '',
  'data: {"text":"héllo 👋"}',
  '',
  'event: error',
  'data: line one',
  'data:line two',
  '',
  'id: 7',
  'retry: 100',
  '',
  'data',
  '',
  'data: [DONE]',
  '',
].join('\r\n');

const expected: SseEvent[] = [
  { event: 'message', data: '{"text":"héllo 👋"}' },
  { event: 'error', data: 'line one\nline two' },
  { event: 'message', data: '' },
  { event: 'message', data: '[DONE]' },
];

describe('SseParser', () => {
  it.each([1, 2, 3, 5, 8, 13, 1000])('reads the same events from pieces of %i bytes', (size) => {
    expect(parse(stream, size)).toEqual(expected);
  });

  it.each([
    ['\\n', '\n'],
    ['\\r', '\r'],
  ])('reads lines ending in %s', (_name, end) => {
    expect(parse(stream.replaceAll('\r\n', end), 4)).toEqual(expected);
  });

  it('gives a last event that lacks its blank line, and nothing for a stream of comments', () => {
    expect(parse('data: {"a":1}\n\ndata: {"b":2}', 3)).toEqual([
      { event: 'message', data: '{"a":1}' },
      { event: 'message', data: '{"b":2}' },
    ]);
    expect(parse(': ping\n\n: ping\n', 2)).toEqual([]);
  });
});
