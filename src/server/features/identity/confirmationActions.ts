import { type ConfirmIdentityAnswer, confirmIdentityInput } from '../../../protocol/confirmation.schema';
import { ErrorCode } from '../../../protocol/errors';
import type { AppContext } from '../../capability';
import { type ActionDef, actionDefiner, fail, type Refusal } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import type { Auth } from './auth';
import { CONFIRMATION_WINDOW_MS, type ConfirmOutcome, confirmSession } from './confirmation';
import { overLimit } from './limits';
import type { IdentityTables } from './tables';

const OUTCOME_CODES: Record<Exclude<ConfirmOutcome, 'confirmed'>, number> = {
  wrongPassword: ErrorCode.WRONG_PASSWORD,
  codeRequired: ErrorCode.SECOND_FACTOR_CODE_REQUIRED,
  codeUsed: ErrorCode.TWO_FACTOR_CODE_USED,
};

/** One confirmation for the member's session and the console's: the same function, the same limit. */
async function confirm(
  deps: AppContext<IdentityTables>,
  auth: Auth,
  session: { id: string; userId: string; authorization: string; ip: string },
  input: { sPassword: string; sCode: string },
): Promise<ConfirmIdentityAnswer | Refusal> {
  if (await overLimit(deps, [['accountChangePerIp', session.ip]])) return fail(ErrorCode.RATE_LIMITED);
  const now = deps.clock.now();
  const outcome = await confirmSession(
    { db: deps.db, handler: (r) => auth.handler(r), publicUrl: deps.config.publicUrl },
    session,
    { password: input.sPassword, code: input.sCode, now },
  );
  if (outcome !== 'confirmed') return fail(OUTCOME_CODES[outcome]);
  return { iErrorCode: ErrorCode.OK, iConfirmedUntil: now + CONFIRMATION_WINDOW_MS };
}

const defineAction = actionDefiner<IdentityTables>();
const defineConsoleAction = consoleActionDefiner<IdentityTables>();

/** `confirmIdentity {sPassword, sCode}`: opens the member session's confirmation window (issue 35). */
export function confirmationActions(auth: Auth): ActionDef[] {
  return [
    defineAction({
      service: 'portal',
      name: 'confirmIdentity',
      input: confirmIdentityInput,
      auth: 'member',
      handler: (input, { deps, user, req }) =>
        confirm(
          deps,
          auth,
          { id: user.sessionId, userId: user.id, authorization: req.headers.authorization ?? '', ip: req.ip },
          input,
        ),
    }),
  ];
}

/** The console's `confirmIdentity`: the same confirmation for the console session (before role and cap changes). */
export function confirmationConsoleActions(auth: Auth): ConsoleActionDef[] {
  return [
    defineConsoleAction({
      name: 'confirmIdentity',
      permission: 'member:read',
      input: confirmIdentityInput,
      handler: (input, { deps, operator, req }) =>
        confirm(
          deps,
          auth,
          { id: operator.sessionId, userId: operator.id, authorization: req.headers.authorization ?? '', ip: req.ip },
          input,
        ),
    }),
  ];
}
