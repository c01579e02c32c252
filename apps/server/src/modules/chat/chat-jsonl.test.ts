import { describe, expect, it } from 'vitest';
import { CHAT_COPY, SELFIE_COPY } from '@baegen/shared';
import { InvalidJsonlError, fromJsonl, humanizedDate, toJsonl } from './chat-jsonl';

const chat = {
  userName: 'Sam',
  characterName: 'Nova',
  title: 'Harbour talk',
  memory: 'Sam likes boats.',
  createdAt: '2026-03-04T05:06:07.000Z',
  messages: [
    {
      role: 'assistant' as const,
      content: 'Hi Sam!',
      swipes: ['Hi Sam!', 'Hello there.'],
      swipeIndex: 0,
      createdAt: '2026-03-04T05:06:07.000Z',
      model: null,
      tokens: null,
    },
    {
      role: 'user' as const,
      content: 'Shall we sail?',
      swipes: ['Shall we sail?'],
      swipeIndex: 0,
      createdAt: '2026-03-04T13:07:00.000Z',
      model: null,
      tokens: null,
    },
    {
      role: 'assistant' as const,
      content: 'Yes, at dawn.',
      swipes: ['Not today.', 'Yes, at dawn.'],
      swipeIndex: 1,
      createdAt: '2026-03-04T13:07:00.000Z',
      model: 'gpt-4.1-mini',
      tokens: 5,
    },
  ],
};

describe('SillyTavern chat JSONL', () => {
  it('writes the header and one line per message as SillyTavern does', () => {
    const lines = toJsonl(chat)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({
      user_name: 'Sam',
      character_name: 'Nova',
      create_date: '2026-03-04@05h06m07s',
      chat_metadata: { baegen: { title: 'Harbour talk', memory: 'Sam likes boats.' } },
    });
    expect(lines[2]).toMatchObject({
      name: 'Sam',
      is_user: true,
      is_system: false,
      send_date: 'March 4, 2026 1:07pm',
      mes: 'Shall we sail?',
      swipes: ['Shall we sail?'],
      swipe_id: 0,
      extra: {},
    });
    expect(lines[3]).toMatchObject({
      name: 'Nova',
      is_user: false,
      mes: 'Yes, at dawn.',
      swipes: ['Not today.', 'Yes, at dawn.'],
      swipe_id: 1,
      extra: { model: 'gpt-4.1-mini', token_count: 5 },
    });
    expect((lines[3]!.swipe_info as unknown[]).length).toBe(2);
  });

  it('reads back what it wrote: messages, swipes, swipe index, title and memory', () => {
    const read = fromJsonl(toJsonl(chat));
    expect(read).toMatchObject({
      userName: 'Sam',
      characterName: 'Nova',
      title: 'Harbour talk',
      memory: 'Sam likes boats.',
    });
    expect(
      read.messages.map(({ role, content, swipes, swipeIndex }) => ({ role, content, swipes, swipeIndex })),
    ).toEqual(
      chat.messages.map(({ role, content, swipes, swipeIndex }) => ({ role, content, swipes, swipeIndex })),
    );
    expect(read.messages[2]).toMatchObject({
      model: 'gpt-4.1-mini',
      tokens: 5,
      sentAt: '2026-03-04T13:07:00.000Z',
    });
  });

  it("reads SillyTavern's own files: its date forms, CRLF, a BOM, Chub's swipes, system lines left out", () => {
    const file = [
      '\uFEFF{"user_name":"You","character_name":"Seraphina","create_date":"2023-8-16 @20h 53m 27s 497ms","chat_metadata":{"note_prompt":""}}',
      '{"name":"Seraphina","is_user":false,"is_system":false,"send_date":"August 16, 2023 8:53pm","mes":"Welcome.","swipes":[{"message":"Welcome."},{"message":"Hello."}],"swipe_id":0,"extra":{}}',
      '{"name":"System","is_user":false,"is_system":true,"send_date":"August 16, 2023 8:54pm","mes":"hidden note"}',
      '',
      '{"name":"You","is_user":true,"send_date":1692219300000,"mes":"Hi!"}',
      '{"name":"Seraphina","is_user":false,"send_date":"2024-7-12@01h31m37s","mes":"How are you?","swipes":["Stale copy","Other"],"swipe_id":0}',
    ].join('\r\n');
    const read = fromJsonl(file);
    expect(read.userName).toBe('You');
    expect(read.title).toBeNull();
    expect(read.messages.map((m) => [m.role, m.content, m.swipes, m.swipeIndex, m.sentAt])).toEqual([
      ['assistant', 'Welcome.', ['Welcome.', 'Hello.'], 0, '2023-08-16T20:53:00.000Z'],
      ['user', 'Hi!', ['Hi!'], 0, '2023-08-16T20:55:00.000Z'],
      ['assistant', 'How are you?', ['How are you?', 'Other'], 0, '2024-07-12T01:31:37.000Z'],
    ]);
  });

  it('reads a headerless file and a JSON array of lines', () => {
    expect(fromJsonl('{"name":"A","is_user":true,"mes":"one"}\n').messages).toHaveLength(1);
    const array = JSON.stringify([
      { user_name: 'U', character_name: 'C' },
      { is_user: false, mes: 'two' },
    ]);
    expect(fromJsonl(array).messages.map((m) => m.content)).toEqual(['two']);
  });

  it.each([
    ['an empty file', '', null],
    ['text that is no JSON', 'hello\nworld', 1],
    ['a broken line', '{"user_name":"U"}\n{"mes": "a"\n', 2],
    ['a line that is no object', '{"user_name":"U"}\n[1,2]', 2],
    ['a first line that is neither header nor message', '{"foo":1}', 1],
    ['a message without text', '{"user_name":"U"}\n{"is_user":true}', 2],
    ['a swipe index past the swipes', '{"user_name":"U"}\n{"mes":"a","swipes":["a"],"swipe_id":3}', 2],
    ['a swipe that is no text', '{"user_name":"U"}\n{"mes":"a","swipes":["a",7]}', 2],
    ['a NUL in a message', '{"user_name":"U"}\n{"mes":"a\\u0000b"}', 2],
    ['is_user that is no boolean', '{"user_name":"U"}\n{"mes":"a","is_user":"yes"}', 2],
  ])('refuses %s, naming the line', (_what, text, line) => {
    let caught: unknown;
    try {
      fromJsonl(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidJsonlError);
    expect((caught as InvalidJsonlError).message).toBe(
      line === null ? CHAT_COPY.invalidChat : CHAT_COPY.invalidChatLine(line),
    );
  });

  it('writes a picture as SillyTavern does, its scene standing for a picture with no words', () => {
    const picture = (content: string, url: string) => ({
      ...chat.messages[0]!,
      content,
      swipes: [content],
      image: { url, scene: 'selfie, red hair, on the pier' },
    });
    const file = toJsonl({
      ...chat,
      messages: [picture(SELFIE_COPY.sends, '/api/files/f1/view'), picture('Look!', '/api/files/f2/view')],
    });
    const [, wordless, worded] = file
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const scene = '[{{char}} sends a picture that contains: selfie, red hair, on the pier]';
    expect(wordless).toMatchObject({
      mes: scene,
      swipes: [scene],
      extra: { image: '/api/files/f1/view', inline_image: true },
    });
    expect(worded).toMatchObject({
      mes: 'Look!',
      extra: { image: '/api/files/f2/view', inline_image: true },
    });

    const read = fromJsonl(file).messages;
    expect(read.map(({ content, swipes, image }) => ({ content, swipes, image }))).toEqual([
      { content: SELFIE_COPY.sends, swipes: [SELFIE_COPY.sends], image: '/api/files/f1/view' },
      { content: 'Look!', swipes: ['Look!'], image: '/api/files/f2/view' },
    ]);
  });

  it("reads pictures back from files of ours only, and only our files' URLs", () => {
    const line = (image: string) =>
      JSON.stringify({
        mes: '[Nova sends a picture that contains: a pier]',
        extra: { image, inline_image: true },
      });
    const ours = JSON.stringify({ user_name: 'U', chat_metadata: { baegen: {} } });
    const theirs = JSON.stringify({ user_name: 'U', chat_metadata: {} });
    const [kept, foreign] = fromJsonl(
      [ours, line('/api/files/f1/view'), line('https://x.test/a.png')].join('\n'),
    ).messages;
    expect(kept).toMatchObject({ content: SELFIE_COPY.sends, image: '/api/files/f1/view' });
    expect(foreign).toMatchObject({ content: '[Nova sends a picture that contains: a pier]', image: null });
    expect(fromJsonl([theirs, line('/api/files/f1/view')].join('\n')).messages[0]).toMatchObject({
      content: '[Nova sends a picture that contains: a pier]',
      image: null,
    });
  });

  it('names files by the date as SillyTavern writes it', () => {
    expect(humanizedDate('2026-11-05T09:04:03.123Z')).toBe('2026-11-05@09h04m03s');
  });
});
