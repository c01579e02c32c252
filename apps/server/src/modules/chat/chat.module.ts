import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error';
import { toMessage } from './chat-documents';
import { chatImportRoutes } from './chat-import.routes';
import { ChatMessagesRepository } from './chat-messages.repository';
import { ChatRecallRepository } from './chat-recall.repository';
import { ChatMessagesService } from './chat-messages.service';
import { ChatRepliesRepository } from './chat-replies.repository';
import { CHAT_REPLY_JOB, type ChatReplyJobPayload } from './chat-reply.job';
import { ChatReplyRunner } from './chat-reply.runner';
import { ChatTransferService } from './chat-transfer.service';
import { chatRoutes } from './chat.routes';
import { ChatService } from './chat.service';
import { ChatSummariesRepository } from './chat-summaries.repository';
import { CHAT_SUMMARY_JOB, ChatSummaries, type ChatSummaryJobPayload } from './chat-summaries.service';
import { loadTokenCounter } from './prompt/token-counter';
import { ChatUpkeep } from './chat-upkeep';
import { ChatsRepository } from './chats.repository';
import { ChatEvents } from './events/chat-events';
import { ChatEventsHub } from './events/chat-events.hub';
import { ChatEventsRelay } from './events/chat-events.relay';
import { CHAT_EVENTS_CHANNEL, CHAT_STOP_CHANNEL } from './events/chat-notices';
import { greetingsOf } from './prompt-character';
import { type ChatProvider, ChatProviderError } from './providers/chat-provider.port';
import { createChatProvider } from './providers/create-chat-provider';
import { ReplyPrompt } from './reply-prompt';
import { ReplyStopper } from './reply-stopper';
import { chatSelfiesRoutes } from './selfies/chat-selfies.routes';
import { ChatSelfies, SEND_SELFIE_TOOL } from './selfies/chat-selfies.service';
import { SelfiesRepository } from './selfies/selfies.repository';
import { RunningReplies } from './running-replies';
import { StreamSlots } from './stream-slots';

/** Text gathers this long before it is written to the reply's row and pushed to its streams. */
const FLUSH_MS = 100;

/**
 * Chats with a character: chats and messages, each reply written by a job on the queue under a
 * lease on its row and streamed to every open stream of the chat (relayed between instances),
 * stop, swipes, SillyTavern export and import, and the upkeep that ends replies whose worker died.
 */
export const chatModule = fp(
  async (app: FastifyInstance, opts: { provider?: ChatProvider }) => {
    const { env, database, clock, instanceId } = app.platform;
    const { db } = database;
    const origin = app.channels.shared ? instanceId : null;
    const provider = opts.provider ?? createChatProvider(env, { clock });
    const chatRows = new ChatsRepository(db);
    const messageRows = new ChatMessagesRepository(db);
    const replies = new ChatRepliesRepository(db, origin);
    const hub = new ChatEventsHub();
    const events = new ChatEvents(hub, replies, origin);
    const replyQueue = app.queueLane('chat', env.CHAT_CONCURRENCY);
    const running = new RunningReplies();
    const stopper = new ReplyStopper(running, replies, origin);

    const chats = new ChatService({
      chats: chatRows,
      messages: messageRows,
      stopper,
      characters: app.characters,
      greetings: greetingsOf,
      shownText: (messageId) => running.shown(messageId),
      clock,
    });
    const messages = new ChatMessagesService({
      chats,
      chatRows,
      messages: messageRows,
      events,
      queue: replyQueue,
      stopper,
      clock,
    });
    const transfer = new ChatTransferService({
      chats,
      messages: messageRows,
      characters: app.characters,
      media: app.media.service,
      clock,
    });

    const selfies = new ChatSelfies({
      chats,
      messages: messageRows,
      selfies: new SelfiesRepository(db),
      events,
      generation: app.generation,
      characters: app.characters,
      saveMedia: (userId, media, id) =>
        app.media.service.create(userId, { ...media, type: 'image', thumbnail: media.url }, id),
      outputs: env.SELFIE_OUTPUTS,
      clock,
    });
    app.generation.onFinished((userId, job) => selfies.settle(userId, job));
    app.scheduler.add({ name: 'chat-selfies', everyMs: env.CHAT_LEASE_MS, run: () => selfies.sweep() });

    const prompt = new ReplyPrompt({
      chats: chatRows,
      messages: messageRows,
      recall: new ChatRecallRepository(db),
      characters: app.characters,
      contextTokens: env.CHAT_CONTEXT_TOKENS,
      maxReplyTokens: env.CHAT_MAX_REPLY_TOKENS,
    });
    const summaryRows = new ChatSummariesRepository(db);
    const summaries = new ChatSummaries({
      chats: chatRows,
      summaries: summaryRows,
      characters: app.characters,
      windowStart: (userId, chatId) => prompt.windowStart(userId, chatId),
      provider,
      queue: replyQueue,
      tokens: loadTokenCounter,
      clock,
      every: env.CHAT_SUMMARY_EVERY,
      batchTokens: Math.floor(env.CHAT_CONTEXT_TOKENS / 2),
    });
    replyQueue.register<ChatSummaryJobPayload>(CHAT_SUMMARY_JOB, (job) => summaries.run(job));
    const runner = new ChatReplyRunner({
      replies,
      events,
      running,
      provider,
      prompt: async (userId, row) => {
        const built = await prompt.build(userId, row);
        // Off the reply's path: the chat page reads it later, and a lost record only hides a figure.
        void summaryRows
          .recordContext(userId, row.chat_id, JSON.stringify(built.usage))
          .catch((error: unknown) =>
            app.log.warn({ err: error, chatId: row.chat_id }, 'recording a context failed'),
          );
        return { ...built.request, tools: [SEND_SELFIE_TOOL] };
      },
      touch: (userId, chatId, now) => chatRows.touch(userId, chatId, now),
      clock,
      instanceId,
      leaseMs: env.CHAT_LEASE_MS,
      flushMs: FLUSH_MS,
      onError: (error, context) =>
        app.log[error instanceof ChatProviderError ? 'warn' : 'error'](
          { err: error, ...context },
          'chat reply failed',
        ),
      onDone: async (userId, row, calls) => {
        await summaries.afterReply(userId, row);
        // The demo provider cannot call tools: it sends a picture whenever one is asked for.
        const answer =
          provider.name === 'demo'
            ? selfies.answerAsked(userId, row)
            : selfies.answerCalls(userId, row, calls);
        // A refusal (no portrait, the generation cap) leaves the reply as written.
        await answer.catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          app.log.warn({ err: error, messageId: row.id }, 'the picture asked for was not started');
        });
      },
    });
    replyQueue.register<ChatReplyJobPayload>(CHAT_REPLY_JOB, (job) => runner.handle(job));

    const upkeep = new ChatUpkeep({
      messages: messageRows,
      events,
      queue: replyQueue,
      clock,
      leaseMs: env.CHAT_LEASE_MS,
    });
    app.scheduler.add({ name: 'chat-upkeep', everyMs: env.CHAT_LEASE_MS, run: () => upkeep.run() });
    // A reply left by a process that died before this one started is ended now, not an interval later.
    app.addHook('onReady', async () => {
      await app.scheduler.run('chat-upkeep');
      await app.scheduler.run('chat-selfies');
    });

    const relay = new ChatEventsRelay({
      hub,
      origin: instanceId,
      content: (userId, messageId) => replies.content(userId, messageId),
      message: async (userId, messageId) => {
        const row = await messageRows.find(userId, messageId);
        return row && toMessage(row);
      },
      onError: (error) => app.log.error({ err: error }, 'relaying a chat event failed'),
    });
    app.channels.listen(CHAT_EVENTS_CHANNEL, (payload) => relay.receive(payload));
    app.channels.listen(CHAT_STOP_CHANNEL, (payload) => stopper.receive(payload));

    const shutdown = new AbortController();
    app.addHook('preClose', async () => shutdown.abort());
    const stream = {
      hub,
      shutdown: shutdown.signal,
      onError: (error: unknown) => app.log.error({ err: error }, 'a chat stream failed'),
    };
    const slots = new StreamSlots(env.EVENT_STREAMS_PER_USER);
    await app.register(chatRoutes, {
      prefix: '/api',
      chats,
      context: (userId, chatId) => prompt.context(userId, chatId),
      rebuildSummary: (userId, chatId) => summaries.rebuild(userId, chatId),
      messages,
      transfer,
      stream,
      slots,
    });
    await app.register(chatImportRoutes, { prefix: '/api', transfer });
    await app.register(chatSelfiesRoutes, { prefix: '/api', selfies, rateLimit: app.generation.rateLimit });
  },
  { name: 'chat', dependencies: ['fleet', 'auth', 'characters', 'media', 'queue', 'generation'] },
);
