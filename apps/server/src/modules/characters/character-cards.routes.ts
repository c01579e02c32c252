import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  API_MESSAGES,
  CARD_MAX_BYTES,
  characterCardV3Schema,
  characterSchema,
} from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { attachment } from '../../lib/content-disposition';
import { idParamsSchema } from '../../lib/id-params';
import { limitedBodyParser } from '../../lib/limited-body';
import { currentUser } from '../auth';
import { signedInRoutes } from '../auth';
import type { CharacterCardsService } from './character-cards.service';

/** The bytes of an imported card and what they claim to be. */
class CardBody {
  constructor(
    readonly kind: 'png' | 'json',
    readonly bytes: Buffer,
  ) {}
}

const tooLarge = () => new AppError(413, 'CARD_TOO_LARGE', API_MESSAGES.cards.tooLarge);

const unsupported = () =>
  new AppError(
    415,
    ERROR_CODES.unsupportedCardType,
    'Send a character card as image/png or application/json',
  );

/** Reads the whole body, refusing (413) one past CARD_MAX_BYTES, and tags it with its kind. */
function cardBodyParser(kind: CardBody['kind']) {
  const read = limitedBodyParser(CARD_MAX_BYTES, tooLarge);
  return (request: FastifyRequest, payload: Readable, done: (error: Error | null, body?: CardBody) => void) =>
    read(request, payload, (error, body) => done(error, body && new CardBody(kind, body.bytes)));
}

/**
 * Character cards: `GET /:id/card.png` and `GET /:id/card.json` export one, `POST /import` makes a
 * character of one (raw PNG bytes or a JSON body).
 */
export async function characterCardRoutes(app: FastifyInstance, opts: { cards: CharacterCardsService }) {
  const { cards } = opts;
  const r = signedInRoutes(app);

  // Scoped to this plugin: the import reads its body itself, whatever the app's JSON parser does.
  app.addContentTypeParser('image/png', cardBodyParser('png'));
  app.addContentTypeParser('application/json', cardBodyParser('json'));
  app.addContentTypeParser('*', async () => {
    throw unsupported();
  });

  r.get('/:id/card.png', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { name, png } = await cards.exportPng(currentUser(request).userId, request.params.id);
    return reply
      .type('image/png')
      .header('content-disposition', attachment(`${name}.png`))
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(png);
  });

  r.get(
    '/:id/card.json',
    { schema: { params: idParamsSchema, response: { 200: characterCardV3Schema } } },
    async (request, reply) => {
      const { name, card } = await cards.exportJson(currentUser(request).userId, request.params.id);
      return reply
        .header('content-disposition', attachment(`${name}.json`))
        .header('cache-control', 'private, no-cache')
        .send(card);
    },
  );

  r.post(
    '/import',
    {
      // The card's own limit: a refused body is read up to twice it so the client hears why.
      bodyLimit: CARD_MAX_BYTES,
      config: { rateLimit: app.userRateLimit('cardImport') },
      schema: { response: { 201: characterSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      if (!(body instanceof CardBody)) throw unsupported();
      const created = await cards.import(currentUser(request).userId, body.bytes, body.kind);
      return reply.status(201).send(created);
    },
  );
}
