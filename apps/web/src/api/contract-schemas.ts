// The schemas the web app checks the API's answers and its own forms against, in a module loaded on
// demand (lazy-schemas.ts): building them is most of zod's cost to a page. A chat's messages,
// events and context are in chat-schemas.ts, so that a page without a chat does not build them.
export {
  bulkDeleteResultSchema,
  characterAttributesSchema,
  characterInputSchema,
  characterListSchema,
  characterSchema,
  chatListSchema,
  chatSchema,
  fileUploadSchema,
  generationListSchema,
  generationSchema,
  improvePromptResponseSchema,
  mediaListSchema,
  mediaSchema,
  mediaStatsSchema,
  nonceResponseSchema,
  publicConfigSchema,
  sessionSchema,
} from '@baegen/shared';
