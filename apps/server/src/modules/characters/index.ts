export { charactersModule } from './characters.module';
export type { CardLorebook, CharacterCardData } from './character-card-data';
