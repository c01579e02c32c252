import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PagePicture } from '@baegen/shared/contract';
import type { Env } from '../../config/env';
import { within } from '../../lib/within';
import { carriesSession } from '../auth';
import { FirstPictureService } from './first-picture.service';

/**
 * How long a page waits for its user's first picture. The lookup is a cached session and one
 * indexed row; a database slower than this costs the picture's head start, never the page.
 */
const FIRST_PICTURE_BUDGET_MS = 100;

/** What the pages learn of a request's user: a session cookie, and the first picture of a list. */
export function pageUser(app: FastifyInstance, env: Env) {
  const pictures = new FirstPictureService({ characters: app.characters, media: app.media.service });
  const firstPicture = async (request: FastifyRequest, list: PagePicture['list']) => {
    const session = await app.sessionOf(request);
    return session ? pictures.of(session.userId, list) : null;
  };
  return {
    carriesSession: (request: FastifyRequest) => carriesSession(request, env),
    firstPicture: (request: FastifyRequest, list: PagePicture['list']) =>
      within(firstPicture(request, list), FIRST_PICTURE_BUDGET_MS, null),
  };
}
