import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CHARACTERS_PATH } from '@baegen/shared/contract';
import { characterCardRoutes } from './character-cards.routes';
import { CharacterCardsService } from './character-cards.service';
import { CharactersRepository } from './characters.repository';
import { characterRoutes } from './characters.routes';
import { CharactersService } from './characters.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user's characters: other modules look them up through this service. */
    characters: CharactersService;
  }
}

/** Characters and their portable cards. */
export const charactersModule = fp(
  async (app: FastifyInstance) => {
    const { env, database, clock, listCache } = app.platform;
    const files = app.storage.files;
    const repo = new CharactersRepository(database.db);
    const characters = new CharactersService(repo, files, clock);
    const cards = new CharacterCardsService(repo, files, clock, {
      maxImageBytes: env.FILES_MAX_IMAGE_MB * 1024 * 1024,
    });
    app.decorate('characters', characters);
    await app.register(characterRoutes, { prefix: CHARACTERS_PATH, characters, listCache });
    await app.register(characterCardRoutes, { prefix: CHARACTERS_PATH, cards });
  },
  { name: 'characters', dependencies: ['auth', 'storage'] },
);
