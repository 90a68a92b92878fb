import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  sessionId: string;
}

/** The signed-in account behind the request's bearer token (or session cookie), or null. */
export async function sessionFromRequest(deps: Deps, req: FastifyRequest): Promise<SessionUser | null> {
  const found = await deps.auth.api.getSession({ headers: fromNodeHeaders(req.headers) }).catch(() => null);
  if (!found) return null;
  return {
    id: found.user.id,
    email: found.user.email,
    emailVerified: found.user.emailVerified,
    name: found.user.name,
    sessionId: found.session.id,
  };
}
