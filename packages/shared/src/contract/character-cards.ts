import { z } from 'zod';

/**
 * Character Card V1, V2 (https://github.com/malfoyslastname/character-card-spec-v2) and V3
 * (https://github.com/kwaroran/character-card-spec-v3). Every object is loose: keys the
 * specifications do not name are kept, so a card imported and exported again carries them back.
 */

/** The key of BaeGen's own fields in a card's `extensions`. */
export const CARD_EXTENSION_KEY = 'baegen';

/** The PNG text chunk keywords of a V2 card and of a V3 card. */
export const CARD_PNG_KEYWORDS = { v2: 'chara', v3: 'ccv3' } as const;

const record = z.record(z.string(), z.unknown());

const characterBookSchema = z.looseObject({ entries: z.array(z.looseObject({})) });

const cardAssetSchema = z.looseObject({
  type: z.string(),
  uri: z.string(),
  name: z.string(),
  ext: z.string(),
});

/** The fields of a V2 card's `data`, every one required as the specification has it. */
const v2DataFields = {
  name: z.string(),
  description: z.string(),
  personality: z.string(),
  scenario: z.string(),
  first_mes: z.string(),
  mes_example: z.string(),
  creator_notes: z.string(),
  system_prompt: z.string(),
  post_history_instructions: z.string(),
  alternate_greetings: z.array(z.string()),
  character_book: characterBookSchema.optional(),
  tags: z.array(z.string()),
  creator: z.string(),
  character_version: z.string(),
  extensions: record,
};

const v3DataFields = {
  ...v2DataFields,
  assets: z.array(cardAssetSchema).optional(),
  nickname: z.string().optional(),
  creator_notes_multilingual: z.record(z.string(), z.string()).optional(),
  source: z.array(z.string()).optional(),
  group_only_greetings: z.array(z.string()),
  creation_date: z.number().optional(),
  modification_date: z.number().optional(),
};

/** The keys V3 added to a card's `data`: a V2 card leaves them out. */
export const CARD_V3_ONLY_KEYS = [
  'assets',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'group_only_greetings',
  'creation_date',
  'modification_date',
] as const;

export const characterCardV2Schema = z.looseObject({
  spec: z.literal('chara_card_v2'),
  spec_version: z.literal('2.0'),
  data: z.looseObject(v2DataFields),
});
export type CharacterCardV2 = z.infer<typeof characterCardV2Schema>;

/** `GET /api/characters/:id/card.json` answers this, and the `ccv3` chunk of card.png holds it. */
export const characterCardV3Schema = z.looseObject({
  spec: z.literal('chara_card_v3'),
  spec_version: z.literal('3.0'),
  data: z.looseObject(v3DataFields),
});
export type CharacterCardV3 = z.infer<typeof characterCardV3Schema>;

/**
 * What an import accepts as a card's `data`: a name, and every other field of V3 optional, as
 * cards in the wild often leave some out (a field that is there must have its type).
 */
export const importedCardDataSchema = z.looseObject(v3DataFields).partial().required({ name: true });
export type ImportedCardData = z.infer<typeof importedCardDataSchema>;

/** A V2 or V3 card as imported; readers accept any minor version of the specification. */
export const importedCardSchema = z.looseObject({
  spec: z.enum(['chara_card_v2', 'chara_card_v3']),
  spec_version: z.string().optional(),
  data: importedCardDataSchema,
});

/** A V1 card: the character's fields at the top level, without `spec`. */
export const characterCardV1Schema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  personality: z.string().optional(),
  scenario: z.string().optional(),
  first_mes: z.string().optional(),
  mes_example: z.string().optional(),
});

/** Where a card's portrait came from: BaeGen's own `extensions.baegen.portrait.origin`. */
export const portraitOrigins = ['generated', 'uploaded', 'default-avatar', 'external'] as const;
export type CardPortraitOrigin = (typeof portraitOrigins)[number];

/** BaeGen's fields under `extensions.baegen`. */
export const cardBaegenExtensionSchema = z.looseObject({
  appearance: z.string().optional(),
  portrait: z.looseObject({ origin: z.enum(portraitOrigins), url: z.string().optional() }).optional(),
});
