// A chat's messages, events and context, loaded on demand like contract-schemas.ts but apart from
// it: about a third of the schemas the web app checks, which only a chat's page needs (the
// dashboard's and a profile's lists of chats take `chatListSchema` from contract-schemas.ts).
export {
  chatContextSchema,
  chatDeltaEventSchema,
  chatMessageEventSchema,
  chatMessageListSchema,
  chatMessageSchema,
  chatSnapshotEventSchema,
  selfieStartedSchema,
  sentChatMessageSchema,
} from '@baegen/shared';
