import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import { within } from '../../lib/within';
import type { WantedPicture } from '../../plugins/route-pages';
import { carriesSession } from '../auth';
import { FirstPictureService } from './first-picture.service';

/**
 * How long a page waits for its user's first picture. The lookup is a cached session and one
 * indexed row; a database slower than this costs the picture's head start, never the page.
 */
const FIRST_PICTURE_BUDGET_MS = 100;

/** What the pages learn of a request's user: a session cookie, and the picture a page draws largest. */
export function pageUser(app: FastifyInstance, env: Env) {
  const pictures = new FirstPictureService({ characters: app.characters, media: app.media.service });
  const firstPicture = async (request: FastifyRequest, wanted: WantedPicture) => {
    const session = await app.sessionOf(request);
    return session ? pictures.of(session.userId, wanted) : null;
  };
  return {
    carriesSession: (request: FastifyRequest) => carriesSession(request, env),
    firstPicture: (request: FastifyRequest, wanted: WantedPicture) =>
      within(firstPicture(request, wanted), FIRST_PICTURE_BUDGET_MS, null),
  };
}
