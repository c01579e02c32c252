import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './001-initial';
import * as jobs from './002-jobs';
import * as generations from './003-generations';
import * as fleet from './004-fleet';
import * as mediaFile from './005-media-file';
import * as listPages from './006-list-pages';
import * as favorites from './007-favorites';
import * as mediaGeneration from './008-media-generation';
import * as characterCards from './009-character-cards';
import * as taskLeases from './010-task-leases';
import * as chats from './011-chats';
import * as chatSelfies from './012-chat-selfies';
import * as chatRecall from './013-chat-recall';
import * as chatRecallByChat from './014-chat-recall-by-chat';
import * as chatSummary from './015-chat-summary';
import * as generationOptions from './016-generation-options';
import * as chatRecallTerms from './017-chat-recall-terms';

/** Migrations are listed here (not globbed) so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-jobs': jobs,
  '003-generations': generations,
  '004-fleet': fleet,
  '005-media-file': mediaFile,
  '006-list-pages': listPages,
  '007-favorites': favorites,
  '008-media-generation': mediaGeneration,
  '009-character-cards': characterCards,
  '010-task-leases': taskLeases,
  '011-chats': chats,
  '012-chat-selfies': chatSelfies,
  '013-chat-recall': chatRecall,
  '014-chat-recall-by-chat': chatRecallByChat,
  '015-chat-summary': chatSummary,
  '016-generation-options': generationOptions,
  '017-chat-recall-terms': chatRecallTerms,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
