export { chatModule } from './chat.module';
export type { ChatProvider } from './providers/chat-provider.port';
