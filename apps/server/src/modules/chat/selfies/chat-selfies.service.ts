import {
  type ChatAttachment,
  type ChatMessage,
  type Generation,
  type SelfieStarted,
  SELFIE_COPY,
  SELFIE_ERROR_CODES,
  SELFIE_TOOL,
  isActiveGeneration,
  isDefaultAvatarUrl,
} from '@baegen/shared/contract';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../lib/clock';
import type { CharacterCardData } from '../../characters';
import type { GenerationPort } from '../../generation';
import { toMessage } from '../chat-documents';
import { chatNotFound, messageNotFound } from '../chat-errors';
import type { ChatMessagesRepository, MessageChanges, MessageRow } from '../chat-messages.repository';
import type { ChatService } from '../chat.service';
import type { ChatEvents } from '../events/chat-events';
import { messageRow } from '../message-rows';
import type { ChatTool, ChatToolCall } from '../providers/chat-provider.port';
import { asksForPicture, sceneOf, sceneOfCall, selfiePrompt } from './selfie-prompt';
import type { SelfiesRepository } from './selfies.repository';

export interface ChatSelfiesDeps {
  chats: Pick<ChatService, 'row'>;
  messages: Pick<ChatMessagesRepository, 'append' | 'before' | 'get'>;
  selfies: SelfiesRepository;
  events: Pick<ChatEvents, 'message'>;
  generation: Pick<GenerationPort, 'create' | 'get' | 'cancel'>;
  characters: {
    get(userId: string, id: string): Promise<{ imageUrl: string }>;
    cardData(userId: string, id: string): Promise<CharacterCardData>;
  };
  /** Saves the picture to the user's media under the job's id: a second save is a no-op. */
  saveMedia(
    userId: string,
    media: { characterId: string; prompt: string; url: string; chat: { chatId: string; messageId: string } },
    id: string,
  ): Promise<{ $id: string; url: string }>;
  outputs: number;
  clock: Clock;
}

/** Offered to chat models that call functions: her reply may come with a picture of her. */
export const SEND_SELFIE_TOOL: ChatTool = {
  name: SELFIE_TOOL.name,
  description: SELFIE_TOOL.description,
  parameters: {
    type: 'object',
    properties: { description: { type: 'string', description: SELFIE_TOOL.sceneDescription } },
    required: ['description'],
  },
};

/** The messages before the newest ones the scene is drawn from. */
const SCENE_MESSAGES = 6;

const noPortrait = () => new AppError(409, SELFIE_ERROR_CODES.noPortrait, SELFIE_COPY.noPortrait);
const notRetryable = () => new AppError(409, SELFIE_ERROR_CODES.notRetryable, SELFIE_COPY.notRetryable);
const image = (fields: Omit<ChatAttachment, 'type'>): ChatAttachment => ({ type: 'image', ...fields });

function failureOf(job: Generation): { code: string; message: string } {
  if (job.status === 'cancelled')
    return { code: SELFIE_ERROR_CODES.cancelled, message: SELFIE_COPY.cancelled };
  return job.error ?? { code: SELFIE_ERROR_CODES.failed, message: SELFIE_COPY.failed };
}

/**
 * Pictures of the character sent in the chat: a generation job of her portrait in the scene of
 * the moment, shown by a message that waits for it. When the job ends, on whichever instance
 * ends it, the picture is saved to the user's media and the message shows it (or the failure);
 * the sweep settles what a process that died never did.
 */
export class ChatSelfies {
  constructor(private readonly deps: ChatSelfiesDeps) {}

  private now() {
    return this.deps.clock().toISOString();
  }

  /** A new message from the character carrying a selfie; `scene` says where and how. */
  async start(userId: string, chatId: string, scene?: string): Promise<SelfieStarted> {
    const chat = await this.deps.chats.row(userId, chatId);
    const job = await this.request(userId, chat.character_id, chatId, scene);
    const now = this.now();
    const content = SELFIE_COPY.sends;
    const row = messageRow({ role: 'assistant', content, status: 'done', now, selfieJobId: job.$id });
    const rows = await this.deps.messages.append(userId, chatId, [row], now);
    if (!Array.isArray(rows) || !rows[0]) {
      await this.deps.generation.cancel(userId, job.$id).catch(() => undefined);
      throw chatNotFound();
    }
    const message = toMessage(rows[0]);
    await this.deps.events.message(userId, message);
    await this.check(userId, job.$id);
    return { message, job };
  }

  /** Makes the picture of a message again, after its job failed or was cancelled. */
  async retry(userId: string, chatId: string, messageId: string): Promise<SelfieStarted> {
    const row = await this.deps.messages.get(userId, chatId, messageId);
    if (!row) {
      await this.deps.chats.row(userId, chatId);
      throw messageNotFound();
    }
    const previous = (JSON.parse(row.attachments) as ChatAttachment[]).find((item) => item.jobId);
    if (!previous?.jobId || row.selfie_job_id !== null || row.error_code === null) throw notRetryable();
    const chat = await this.deps.chats.row(userId, chatId);
    const old = await this.deps.generation.get(userId, previous.jobId);
    const job = await this.request(userId, chat.character_id, chatId, undefined, old.prompt);
    const message = await this.attachJob(userId, row, job);
    await this.check(userId, job.$id);
    return { message, job };
  }

  /** Attaches a selfie to a reply just written when the message it answers asked for a picture. */
  async answerAsked(userId: string, reply: MessageRow): Promise<void> {
    const [asked] = await this.deps.messages.before(userId, reply.chat_id, reply.seq, 1);
    if (asked?.role !== 'user' || !asksForPicture(asked.content)) return;
    await this.attachNew(userId, reply);
  }

  /** Attaches a selfie to a reply in which the model called for one, its scene the call's. */
  async answerCalls(userId: string, reply: MessageRow, calls: ChatToolCall[]): Promise<void> {
    const call = calls.find((item) => item.name === SEND_SELFIE_TOOL.name);
    if (call) await this.attachNew(userId, reply, sceneOfCall(call.arguments.description));
  }

  private async attachNew(userId: string, reply: MessageRow, scene?: string) {
    const chat = await this.deps.chats.row(userId, reply.chat_id);
    const job = await this.request(userId, chat.character_id, reply.chat_id, scene);
    await this.attachJob(userId, reply, job);
    await this.check(userId, job.$id);
  }

  /** Records the end of a job on the message waiting for it; others' jobs are left alone. */
  async settle(userId: string, job: Generation): Promise<void> {
    if (isActiveGeneration(job)) return;
    const row = await this.deps.selfies.byJob(userId, job.$id);
    if (!row) return;
    const url = job.status === 'succeeded' ? job.outputs[0] : undefined;
    let changes: MessageChanges;
    if (url && job.characterId) {
      const media = await this.deps.saveMedia(
        userId,
        {
          characterId: job.characterId,
          prompt: job.prompt,
          url,
          chat: { chatId: row.chat_id, messageId: row.id },
        },
        job.$id,
      );
      changes = {
        attachments: JSON.stringify([image({ jobId: job.$id, mediaId: media.$id, url: media.url })]),
        status: 'done',
        error_code: null,
        error_message: null,
      };
    } else {
      const failure = failureOf(job);
      changes = { status: 'failed', error_code: failure.code, error_message: failure.message };
    }
    const settled = await this.deps.selfies.settle(userId, row, job.$id, {
      ...changes,
      updated_at: this.now(),
    });
    if (settled) await this.deps.events.message(userId, toMessage(settled));
  }

  /** Settles the messages whose job ended unheard (a process died): at start-up and periodically. */
  async sweep(): Promise<number> {
    let settled = 0;
    for (const row of await this.deps.selfies.waiting()) {
      if (row.selfie_job_id && (await this.check(row.user_id, row.selfie_job_id))) settled += 1;
    }
    return settled;
  }

  /** Reads the job, settling its message when it has ended; answers whether it had. */
  private async check(userId: string, jobId: string): Promise<boolean> {
    const job = await this.deps.generation.get(userId, jobId);
    if (isActiveGeneration(job)) return false;
    await this.settle(userId, job);
    return true;
  }

  /** The job making her picture: her portrait as the subject, her looks and the scene as the prompt. */
  private async request(
    userId: string,
    characterId: string,
    chatId: string,
    scene?: string,
    prompt?: string,
  ): Promise<Generation> {
    const character = await this.deps.characters.get(userId, characterId);
    if (isDefaultAvatarUrl(character.imageUrl)) throw noPortrait();
    const text =
      prompt ??
      selfiePrompt(
        await this.deps.characters.cardData(userId, characterId),
        scene ?? sceneOf(await this.deps.messages.before(userId, chatId, null, SCENE_MESSAGES)),
      );
    return this.deps.generation.create(userId, {
      kind: 'character',
      prompt: text,
      characterId,
      subject: character.imageUrl,
      outputs: this.deps.outputs,
    });
  }

  private async attachJob(userId: string, row: MessageRow, job: Generation): Promise<ChatMessage> {
    const attached = await this.deps.selfies.attach(userId, row, job.$id, {
      attachments: JSON.stringify([image({ jobId: job.$id, mediaId: null, url: null })]),
      status: 'done',
      error_code: null,
      error_message: null,
      updated_at: this.now(),
    });
    if (!attached) {
      await this.deps.generation.cancel(userId, job.$id).catch(() => undefined);
      throw notRetryable();
    }
    const message = toMessage(attached);
    await this.deps.events.message(userId, message);
    return message;
  }
}
