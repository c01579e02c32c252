import { z } from 'zod';
import { generationCapabilitiesSchema } from './image-capabilities';
import { DEFAULT_AVATAR_SIZE, IMAGE_OUTPUTS, LIMITS, MEDIA_TYPES } from './constants';
import { DEFAULT_LIST_SORT, LIST_SORTS } from './list-options';
import { API_MESSAGES } from './messages';
import { mediaGenerationSchema } from './provenance';
import { pageQueryShape, safeText, stringFields } from './schema-parts';

export { isSafeText, safeText } from './schema-parts';

/** Every error the API answers has this shape. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
export const solanaAddressSchema = safeText()
  .min(32, 'Wallet address is not a valid Solana address')
  .max(44, 'Wallet address is not a valid Solana address')
  .regex(BASE58, 'Wallet address is not valid base58');

// ---------- health ----------
/** `GET /api/health`: 200 when every dependency answers, 503 naming the ones that do not. */
const dependencyStateSchema = z.enum(['ok', 'down']);
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: dependencyStateSchema,
  storage: dependencyStateSchema,
});
export type Health = z.infer<typeof healthSchema>;

// ---------- auth ----------
export const nonceRequestSchema = z.object({ address: solanaAddressSchema });
export const nonceResponseSchema = z.object({
  nonce: z.string(),
  message: z.string(),
  expiresAt: z.string(),
});
export const loginRequestSchema = z.object({
  address: solanaAddressSchema,
  message: safeText().min(1).max(2000),
  signature: safeText().min(1).max(200).regex(BASE58, 'Signature is not valid base58'),
});
export const sessionSchema = z.object({ userId: z.string(), walletAddress: z.string() });
export type NonceResponse = z.infer<typeof nonceResponseSchema>;
export type Session = z.infer<typeof sessionSchema>;

export const publicConfigSchema = z.object({
  devWallet: z.boolean(),
  subscriptionGate: z.boolean(),
  subscriptionAddress: z.string(),
  /** What the active image provider can do: the generation forms offer only these options. */
  imageCapabilities: generationCapabilitiesSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

// ---------- lists ----------
export const listQuerySchema = z.object({ search: safeText().max(200).optional(), ...pageQueryShape() });

/** One page of a keyset-paginated list, as every list endpoint answers it. */
export const listPageSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ total: z.number().int(), documents: z.array(item), nextCursor: z.string().nullable() });
export type ListResponse<T> = { total: number; documents: T[]; nextCursor: string | null };

/** `sort=newest|oldest` and `favorite=true|false` of the media and character lists. */
const listOptionsShape = {
  sort: z.enum(LIST_SORTS).default(DEFAULT_LIST_SORT),
  favorite: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
};

/** The body that stars or unstars one record. */
export const favoritePatchSchema = z.strictObject({ favorite: z.boolean() });

// ---------- characters ----------
/** An image URL a character may point at: http(s) or one of our own /api/ paths. */
export const imageUrlSchema = safeText()
  .trim()
  .max(LIMITS.imageUrl)
  .refine(
    (value) => value === '' || /^https?:\/\//i.test(value) || /^\/api\//.test(value),
    'Image URL must be an http(s) URL or an /api/ path',
  );

export const characterInputSchema = z
  .object({
    name: safeText().trim().max(LIMITS.characterName).default(''),
    description: safeText().max(LIMITS.characterText).default(''),
    appearance: safeText().max(LIMITS.characterText).default(''),
    personality: safeText().max(LIMITS.characterText).default(''),
    imageUrl: imageUrlSchema.default(''),
  })
  .refine((value) => value.name.length > 0 && value.appearance.trim().length > 0, {
    message: API_MESSAGES.characters.nameAndAppearanceRequired,
  });
export type CharacterInput = z.input<typeof characterInputSchema>;

const characterEditSchema = characterInputSchema.and(z.object({ favorite: z.boolean().optional() }));
const isFavoriteOnly = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'favorite' in body;

/**
 * `PATCH /api/characters/:id`: `{favorite}` alone stars or unstars; any other body is the full edit
 * of the form (favorite optional), validated and worded exactly as a creation is.
 */
export const characterPatchSchema = z.unknown().transform((body, ctx) => {
  const parsed = (isFavoriteOnly(body) ? favoritePatchSchema : characterEditSchema).safeParse(body);
  if (parsed.success) return parsed.data;
  for (const { message, path } of parsed.error.issues) ctx.addIssue({ code: 'custom', message, path });
  return z.NEVER;
});
export type CharacterPatch = z.output<typeof characterPatchSchema>;

export const characterListQuerySchema = listQuerySchema.extend(listOptionsShape);
export type CharacterListQuery = z.infer<typeof characterListQuerySchema>;

/** What the JSON string in a character's `attributes` holds. */
export const characterAttributesSchema = z.object({
  appearance: z.string().default(''),
  personality: z.string().default(''),
});
export type CharacterAttributes = z.infer<typeof characterAttributesSchema>;

export const characterSchema = z.object({
  ...stringFields('$id', 'userId', 'name', 'description', 'attributes', 'imageUrl', 'createdAt'),
  updatedAt: z.string().nullable(),
  favorite: z.boolean(),
});
export type Character = z.infer<typeof characterSchema>;
export const characterListSchema = listPageSchema(characterSchema);

// ---------- media ----------
export const mediaTypeSchema = z.enum(MEDIA_TYPES);

/** Where a media file may live: an http(s) URL or one of our own /api/ or /samples/ paths. */
const isMediaLocation = (value: string) => /^https?:\/\//i.test(value) || /^\/(api|samples)\//.test(value);

export const mediaInputSchema = z.object({
  characterId: safeText().min(1).max(64),
  type: mediaTypeSchema,
  prompt: safeText().trim().min(1).max(LIMITS.mediaPrompt),
  url: safeText()
    .trim()
    .min(1)
    .max(LIMITS.imageUrl)
    .refine(isMediaLocation, 'Media URL must be an http(s) URL or an /api/ or /samples/ path'),
  thumbnail: safeText()
    .trim()
    .max(LIMITS.imageUrl)
    .refine(
      (value) => value === '' || isMediaLocation(value),
      'Thumbnail must be an http(s) URL or an /api/ or /samples/ path',
    )
    .default(''),
});
export type MediaInput = z.input<typeof mediaInputSchema>;

export const mediaListQuerySchema = listQuerySchema.extend({
  characterId: safeText().max(64).optional(),
  type: mediaTypeSchema.optional(),
  ...listOptionsShape,
});
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const mediaSchema = z.object({
  $id: z.string(),
  userId: z.string(),
  characterId: z.string(),
  type: mediaTypeSchema,
  prompt: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  createdAt: z.string(),
  characterName: z.string(),
  generation: mediaGenerationSchema.nullable(),
  favorite: z.boolean(),
});
export type Media = z.infer<typeof mediaSchema>;
export const mediaListSchema = listPageSchema(mediaSchema);

export const mediaStatsSchema = z.object({
  characters: z.number(),
  videos: z.number(),
  images: z.number(),
  totalMedia: z.number(),
});
export type MediaStats = z.infer<typeof mediaStatsSchema>;

// ---------- generation ----------
export const improvePromptRequestSchema = z.object({
  appearance: safeText().trim().min(1).max(LIMITS.appearance),
});
export const improvePromptResponseSchema = z.object({ prompt: z.string() });
export const generateImageRequestSchema = z.object({
  prompt: safeText().trim().min(1).max(LIMITS.prompt),
});
export const generateCharacterRequestSchema = z.object({
  prompt: safeText().trim().min(1).max(LIMITS.prompt),
  subject: safeText().min(1).max(LIMITS.imageUrl),
  number_of_outputs: z.number().int().min(1).max(IMAGE_OUTPUTS).default(IMAGE_OUTPUTS),
});
export const generatedUrlsSchema = z.object({ urls: z.array(z.string()) });
export type GeneratedUrls = z.infer<typeof generatedUrlsSchema>;

// ---------- files ----------
export const fileSchema = z.object({
  ...stringFields('$id', 'name', 'mimeType'),
  size: z.number(),
  /** Null until recorded: a chunked upload gets it a moment after its last chunk's answer. */
  sha256: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof fileSchema>;

/** What `POST /api/files` answers after each request (one per chunk), and `GET /api/files/:id`. */
export const fileUploadSchema = fileSchema.extend({
  status: z.enum(['uploading', 'ready']),
  /** Bytes received so far; equals `size` once the upload is complete. */
  uploaded: z.number(),
  url: z.string(),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;

export const filePreviewQuerySchema = z.object({
  width: z.coerce.number().int().min(0).max(4000).default(0),
  height: z.coerce.number().int().min(0).max(4000).default(0),
  quality: z.coerce.number().int().min(1).max(100).default(80),
  output: z.enum(['jpg', 'jpeg', 'png', 'webp']).optional(),
});
export type FilePreviewQuery = z.infer<typeof filePreviewQuerySchema>;

export const avatarQuerySchema = z.object({
  seed: safeText()
    .max(LIMITS.characterName * 4)
    .default(''),
  size: z.coerce.number().int().min(16).max(1024).default(DEFAULT_AVATAR_SIZE),
});
