export { generationModule } from './generation.module';
export type { Providers } from './providers/create-providers';
