export { charactersModule } from './characters.module';
