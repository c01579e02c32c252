import { describe, expect, it } from 'vitest';
import { sendJson } from '../../../test/fake-http-server';
import { summaryRequest } from '../prompt/summary-prompt';
import { completeText } from './chat-provider.port';
import { useFakeChatVendor } from './openai-stream.fixture';

const vendor = useFakeChatVendor();

describe('a summary through the OpenAI-compatible chat provider', () => {
  it('asks for one whole completion, not a stream, and answers its text', async () => {
    const chat = await vendor.provider((_req, res) =>
      sendJson(res, 200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: ' Sam has a dog called Biscuit. ' },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 80, completion_tokens: 8, total_tokens: 88 },
      }),
    );
    const request = summaryRequest({
      char: 'Mira',
      user: 'Sam',
      previous: '',
      lines: [{ name: 'Sam', text: 'My dog is called Biscuit.' }],
    });
    const text = await completeText(chat, request, new AbortController().signal);
    expect(text).toBe('Sam has a dog called Biscuit.');
    const [sent] = vendor.server!.requests;
    expect(sent!.headers.accept).toBe('application/json');
    const body = JSON.parse(sent!.body.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ stream: false, max_tokens: request.maxTokens, messages: request.messages });
    expect(body).not.toHaveProperty('stream_options');
    expect(body).not.toHaveProperty('tools');
  });
});
