import { afterEach, beforeEach, vi } from 'vitest';
import {
  type Character,
  type Chat,
  type ChatContext,
  type ChatMessage,
  type Generation,
  type Media,
  apiErrorSchema,
  characterListSchema,
  characterSchema,
  chatContextSchema,
  chatListSchema,
  chatMessageSchema,
  chatSchema,
  type FileUpload,
  fileUploadSchema,
  type GenerationCapabilities,
  type ImageCapabilities,
  generationCapabilitiesSchema,
  generationListSchema,
  generationSchema,
  mediaListSchema,
  mediaSchema,
} from '@baegen/shared';

// Fakes of the API's answers, built through the shared schemas so they cannot drift from what the
// server sends: a fake the schema refuses fails the test that builds it.

/** An answer with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's error answer: `{ error: { code, message } }`. */
export function errorResponse(status: number, code: string, message = 'x'): Response {
  return jsonResponse(status, apiErrorSchema.parse({ error: { code, message } }));
}

/** The 204 of a delete or a logout. */
export function noContentResponse(): Response {
  return new Response(null, { status: 204 });
}

/** A fake built from `defaults` and the test's `overrides`, parsed by the record's shared schema. */
function fakeOf<T>(schema: { parse: (data: unknown) => T }, defaults: T) {
  return (overrides: Partial<T> = {}): T => schema.parse({ ...defaults, ...overrides });
}

export const fakeCharacter = fakeOf<Character>(characterSchema, {
  $id: 'abc123',
  userId: 'user1',
  name: 'Luna Vale',
  description: 'Astronomer',
  attributes: '{"appearance":"silver hair","personality":"calm"}',
  imageUrl: 'https://images.example.com/luna.png',
  createdAt: '2026-03-07T12:00:00.000Z',
  updatedAt: null,
  favorite: false,
});

export const fakeMedia = fakeOf<Media>(mediaSchema, {
  $id: 'media1',
  userId: 'user1',
  characterId: 'abc123',
  type: 'image',
  prompt: 'Sunset on the beach',
  url: '/api/files/one/view',
  thumbnail: '/api/files/one/view',
  createdAt: '2026-03-08T12:00:00.000Z',
  characterName: 'Luna Vale',
  generation: null,
  favorite: false,
});

export const fakeFileUpload = fakeOf<FileUpload>(fileUploadSchema, {
  $id: 'file1',
  name: 'me.png',
  mimeType: 'image/png',
  size: 12,
  sha256: null,
  createdAt: '2026-03-08T12:00:00.000Z',
  status: 'ready',
  uploaded: 12,
  url: '/api/files/file1/view',
});

export const fakeChatMessage = fakeOf<ChatMessage>(chatMessageSchema, {
  $id: 'msg1',
  chatId: 'chat1',
  seq: 1,
  role: 'assistant',
  content: 'Hello there.',
  swipes: ['Hello there.'],
  swipeIndex: 0,
  status: 'done',
  error: null,
  attachments: [],
  tokens: null,
  model: null,
  createdAt: '2026-03-09T12:00:00.000Z',
  updatedAt: '2026-03-09T12:00:00.000Z',
});

export const fakeChat = fakeOf<Chat>(chatSchema, {
  $id: 'chat1',
  characterId: 'abc123',
  title: 'Chat with Luna Vale',
  userName: 'User',
  memory: '',
  summary: '',
  summaryUpdatedAt: null,
  messageCount: 3,
  lastMessageAt: '2026-03-09T12:00:00.000Z',
  createdAt: '2026-03-09T11:00:00.000Z',
  updatedAt: '2026-03-09T12:00:00.000Z',
});

export const fakeChatContext = fakeOf<ChatContext>(chatContextSchema, {
  usedTokens: 1234,
  budgetTokens: 7792,
  contextTokens: 8192,
  historyMessages: 3,
  droppedMessages: 0,
  parts: { card: 900, lorebook: 0, memory: 0, summary: 0, recalled: 0, history: 334 },
  lorebookEntries: [],
  recalled: [],
  lastReply: null,
});

/** One page of GET /api/chats. */
export function fakeChatPage(documents: Chat[], nextCursor: string | null = null) {
  return chatListSchema.parse({ documents, nextCursor });
}

/** One page of GET /api/media holding every record given. */
export function fakeMediaPage(documents: Media[]) {
  return mediaListSchema.parse({ total: documents.length, documents, nextCursor: null });
}

/** One page of GET /api/characters; `total` defaults to the page's own length. */
export function fakeCharacterPage(
  documents: Character[],
  { total = documents.length, nextCursor = null }: { total?: number; nextCursor?: string | null } = {},
) {
  return characterListSchema.parse({ total, documents, nextCursor });
}

export function fakeGeneration(overrides: Partial<Generation> = {}): Generation {
  return generationSchema.parse({
    $id: 'job1',
    kind: 'character',
    status: 'running',
    progress: { phase: 'generating', percent: null, queuePosition: null, etaSeconds: null },
    prompt: 'Sunset on the beach',
    characterId: 'abc123',
    outputs: [],
    mediaIds: [],
    error: null,
    createdAt: '2026-03-08T12:00:00.000Z',
    startedAt: '2026-03-08T12:00:01.000Z',
    finishedAt: null,
    ...overrides,
  });
}

/** GET /api/generations: one page holding every job given. */
export function fakeGenerationPage(documents: Generation[]) {
  return generationListSchema.parse({ total: documents.length, documents, nextCursor: null });
}

/** Replaces the global fetch with a mock for this test; undo with `vi.unstubAllGlobals()` in afterEach. */
export function stubFetch() {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * One fetch mock stubbed in before every test of the calling file (its answers and calls reset
 * each time) and taken away after it.
 */
export function stubFetchEachTest() {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/** One kind's capabilities: the demo's (everything) unless the test takes some away. */
export function fakeImageCapabilities(overrides: Partial<ImageCapabilities> = {}): ImageCapabilities {
  return {
    outputs: { min: 1, max: 4 },
    aspectRatios: ['portrait', 'square', 'landscape'],
    negativePrompt: true,
    stylePresets: ['none', 'photo', 'anime', 'painting', 'cinematic'],
    ...overrides,
  };
}

/** What `GET /api/config` says the image provider can do, per kind, through the shared schema. */
export function fakeGenerationCapabilities(
  overrides: Partial<ImageCapabilities> = {},
): GenerationCapabilities {
  const kind = fakeImageCapabilities(overrides);
  return generationCapabilitiesSchema.parse({ image: kind, character: kind });
}
