export { charactersModule } from './characters.module';
export type { CharacterCardData } from './character-card-data';
