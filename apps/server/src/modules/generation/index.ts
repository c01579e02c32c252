export { generationModule } from './generation.module';
export type { GenerationPort } from './generation.port';
export type { Providers } from './providers/create-providers';
