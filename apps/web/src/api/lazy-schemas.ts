import type { ResponseSchema } from '../lib/api-client';

// The shared schemas reach a page only when it first asks the API for something, not with its
// code: built while the page's modules ran, zod and the schemas held up its first paint by some
// 270 ms at Lighthouse's 4x CPU slowdown (docs/decisions/021). The request is sent at once; the
// schema loads beside it.

/**
 * The export `name` of the module `load` brings, loaded the first time something awaits it. A load
 * that fails (a dropped connection) is tried again by the next await, not remembered.
 */
export function lazyExport<M, K extends keyof M>(load: () => Promise<M>, name: K): PromiseLike<M[K]> {
  let value: Promise<M[K]> | undefined;
  return {
    then: (onLoaded, onFailed) => {
      value ??= load().then(
        (module) => module[name],
        (error: unknown) => {
          value = undefined;
          throw error;
        },
      );
      return value.then(onLoaded, onFailed);
    },
  };
}

const load = () => import('./contract-schemas');
const lazy = <K extends keyof Awaited<ReturnType<typeof load>>>(name: K) => lazyExport(load, name);
const loadChat = () => import('./chat-schemas');
const lazyChat = <K extends keyof Awaited<ReturnType<typeof loadChat>>>(name: K) =>
  lazyExport(loadChat, name);

/** The value `schema` reads from `data`, or null when `data` does not match it (a stream's event). */
export async function parseOrNull<T>(
  schema: PromiseLike<ResponseSchema<T>>,
  data: unknown,
): Promise<T | null> {
  const result = (await schema).safeParse(data);
  return result.success ? result.data : null;
}

export const bulkDeleteResultSchema = /* @__PURE__ */ lazy('bulkDeleteResultSchema');
export const characterAttributesSchema = /* @__PURE__ */ lazy('characterAttributesSchema');
export const characterInputSchema = /* @__PURE__ */ lazy('characterInputSchema');
export const characterListSchema = /* @__PURE__ */ lazy('characterListSchema');
export const characterSchema = /* @__PURE__ */ lazy('characterSchema');
export const chatContextSchema = /* @__PURE__ */ lazyChat('chatContextSchema');
export const chatDeltaEventSchema = /* @__PURE__ */ lazyChat('chatDeltaEventSchema');
export const chatListSchema = /* @__PURE__ */ lazy('chatListSchema');
export const chatMessageEventSchema = /* @__PURE__ */ lazyChat('chatMessageEventSchema');
export const chatMessageListSchema = /* @__PURE__ */ lazyChat('chatMessageListSchema');
export const chatMessageSchema = /* @__PURE__ */ lazyChat('chatMessageSchema');
export const chatSchema = /* @__PURE__ */ lazy('chatSchema');
export const chatSnapshotEventSchema = /* @__PURE__ */ lazyChat('chatSnapshotEventSchema');
export const fileUploadSchema = /* @__PURE__ */ lazy('fileUploadSchema');
export const generationListSchema = /* @__PURE__ */ lazy('generationListSchema');
export const generationSchema = /* @__PURE__ */ lazy('generationSchema');
export const improvePromptResponseSchema = /* @__PURE__ */ lazy('improvePromptResponseSchema');
export const mediaListSchema = /* @__PURE__ */ lazy('mediaListSchema');
export const mediaSchema = /* @__PURE__ */ lazy('mediaSchema');
export const mediaStatsSchema = /* @__PURE__ */ lazy('mediaStatsSchema');
export const nonceResponseSchema = /* @__PURE__ */ lazy('nonceResponseSchema');
export const publicConfigSchema = /* @__PURE__ */ lazy('publicConfigSchema');
export const selfieStartedSchema = /* @__PURE__ */ lazyChat('selfieStartedSchema');
export const sentChatMessageSchema = /* @__PURE__ */ lazyChat('sentChatMessageSchema');
export const sessionSchema = /* @__PURE__ */ lazy('sessionSchema');
