import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../config/env';
import { fixtureCharacter } from '../prompt/character.fixture';
import { type PromptMessage, buildPrompt } from '../prompt/prompt-builder';
import { type TokenCounter, loadTokenCounter } from '../prompt/token-counter';
import type { ChatChunk, ChatProvider, ChatRequest, Sleep } from './chat-provider.port';
import { createChatProvider } from './create-chat-provider';

let tokens: TokenCounter;
beforeAll(async () => {
  tokens = await loadTokenCounter();
});

const demo = (deps: { sleep?: Sleep } = {}, delay = '0') =>
  createChatProvider(loadEnv({ CHAT_DEMO_DELAY_MS: delay }), deps);

const requestFor = (userText: string, history: PromptMessage[] = [], continueFrom?: string): ChatRequest =>
  buildPrompt({
    character: fixtureCharacter(),
    userName: 'Sam',
    memory: '',
    history: [...history, ...(userText ? [{ role: 'user' as const, content: userText }] : [])],
    contextTokens: 8192,
    maxReplyTokens: 400,
    continueFrom,
    tokens,
  }).request;

async function collect(provider: ChatProvider, request: ChatRequest, signal = new AbortController().signal) {
  const chunks: ChatChunk[] = [];
  for await (const chunk of provider.stream(request, signal)) chunks.push(chunk);
  const text = chunks.map((chunk) => (chunk.type === 'text' ? chunk.text : '')).join('');
  return { chunks, text };
}

describe('the demo chat provider', () => {
  it('is the default, and answers from her card and the words of the user', async () => {
    const provider = demo();
    expect(provider.name).toBe('demo');
    const { text } = await collect(provider, requestFor('I brought some chamomile tea for the storm.'));
    expect(text).toContain('chamomile');
    expect(text).toMatch(/playful|curious|a little shy/);
    expect(text).toContain('Sam arrives at the lighthouse during a storm');
    expect(text).not.toMatch(/\bAI\b|language model|OpenAI|assistant/i);
  });

  it('streams word by word and ends with a usage chunk that counts the prompt and the reply', async () => {
    const request = requestFor('Tell me about the lamp?');
    const { chunks, text } = await collect(demo(), request);
    const words = chunks.filter((chunk) => chunk.type === 'text');
    expect(words.length).toBe(text.trim().split(/\s+/).length);
    const usage = chunks.at(-1);
    expect(usage).toEqual({
      type: 'usage',
      promptTokens: request.messages.reduce((sum, turn) => sum + tokens.countTurn(turn.content), 3),
      completionTokens: tokens.count(text),
    });
  });

  it('gives the same words the same reply and other words another one', async () => {
    const first = await collect(demo(), requestFor('The lighthouse lamp is broken.'));
    const again = await collect(demo(), requestFor('The lighthouse lamp is broken.'));
    const other = await collect(demo(), requestFor('Do you like sailing boats?'));
    expect(again.text).toBe(first.text);
    expect(other.text).not.toBe(first.text);
  });

  it('extends the message being continued instead of starting over', async () => {
    const partial = 'The lamp has been flickering since';
    const request = requestFor('', [{ role: 'user', content: 'What about the lighthouse lamp?' }], partial);
    const { text } = await collect(demo(), request);
    expect(text.startsWith(' ')).toBe(true);
    expect(text).toContain('lighthouse');
    expect(text).not.toContain(partial);
  });

  it('waits CHAT_DEMO_DELAY_MS between words', async () => {
    const waits: number[] = [];
    const sleep: Sleep = async (ms) => {
      waits.push(ms);
    };
    const { chunks } = await collect(demo({ sleep }, '30'), requestFor('Hello there, keeper!'));
    expect(waits.length).toBe(chunks.filter((chunk) => chunk.type === 'text').length - 1);
    expect(new Set(waits)).toEqual(new Set([30]));
  });

  it('stops at once when aborted, with the reason of the abort', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the user');
    const provider = demo({}, '20');
    const received: string[] = [];
    const run = (async () => {
      for await (const chunk of provider.stream(requestFor('Hello there, keeper!'), controller.signal)) {
        if (chunk.type === 'text') received.push(chunk.text);
        if (received.length === 2) controller.abort(reason);
      }
    })();
    await expect(run).rejects.toBe(reason);
    expect(received).toHaveLength(2);
  });
});
