import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../protocol/errors';
import type { AppContext } from '../../capability';
import type { ConsoleGateAnswer } from '../../http/consoleActions';
import { bearerToken } from '../identity/index';
import { consoleStateOfToken, endConsoleSession, touchConsoleSession } from './consoleSessions';
import { isConsoleRole } from './operatorAccounts';
import { consoleChecks } from './trust';

/**
 * The gate before every console action: the operator behind the bearer token. Refused with
 * CONSOLE_NOT_OPERATOR (no token, no live session, a member's role), CONSOLE_SECOND_FACTOR_REQUIRED
 * (no second factor enrolled, or none passed in this session), CONSOLE_SESSION_EXPIRED (idle past
 * CONSOLE_IDLE_MINUTES: the session ends). A passing request moves the idle timer.
 */
export async function consoleGate(req: FastifyRequest, deps: AppContext): Promise<ConsoleGateAnswer> {
  const token = bearerToken(req.headers.authorization, deps.config.authSecret);
  const state = token ? await consoleStateOfToken(deps.db, token) : null;
  if (!state || !isConsoleRole(state.role)) return { refused: ErrorCode.CONSOLE_NOT_OPERATOR };
  if (!state.twoFactorEnabled || state.lastActiveAt === null)
    return { refused: ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED };
  const now = deps.clock.now();
  if (now - state.lastActiveAt > deps.config.consoleIdleMs) {
    await endConsoleSession(deps.db, state);
    return { refused: ErrorCode.CONSOLE_SESSION_EXPIRED };
  }
  await touchConsoleSession(deps.db, state.sessionId, now);
  const operator = {
    id: state.userId,
    email: state.email,
    role: state.role,
    sessionId: state.sessionId,
    actor: `console:${state.email}`,
  };
  return { operator, checks: consoleChecks(deps, operator) };
}
