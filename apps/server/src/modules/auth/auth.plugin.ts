import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '@baegen/shared';
import { AppError } from '../../errors/app-error';
import type { AuthService } from './auth.service';

export const SESSION_COOKIE = 'baegen_session';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that requires a valid session and sets request.session. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

/** Adds `app.authenticate`; routes that need a signed-in wallet use it as their preHandler. */
export function registerAuthentication(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const session = await auth.sessionFor(request.cookies[SESSION_COOKIE]);
    if (!session) throw AppError.unauthorized();
    request.session = session;
  });
}

/** The signed-in user of a request that went through `app.authenticate`. */
export function currentUser(request: FastifyRequest): Session {
  if (!request.session) throw AppError.unauthorized();
  return request.session;
}
