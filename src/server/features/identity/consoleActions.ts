import { memberAccountInput } from '../../../protocol/consoleMembers.schema';
import { ErrorCode } from '../../../protocol/errors';
import type { AppContext } from '../../capability';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { type AccountHelpOutcome, forcePasswordReset, resendVerification } from './accountHelp';
import type { Auth } from './auth';
import type { IdentityTables } from './tables';

const define = consoleActionDefiner<IdentityTables>();

function answer(outcome: AccountHelpOutcome) {
  if (outcome === 'no-account') return fail(ErrorCode.NOT_FOUND, 'No such member.');
  if (outcome === 'already-verified') return fail(ErrorCode.ALREADY_DONE, 'This member is already verified.');
  return { iErrorCode: ErrorCode.OK };
}

/** The console's account help on a member (issue 27): the mails Better Auth sends, from an operator. */
export function identityConsoleActions(ctx: AppContext<IdentityTables>, auth: Auth): ConsoleActionDef[] {
  return [
    define({
      name: 'memberResendVerification',
      permission: 'member:account',
      input: memberAccountInput,
      handler: async ({ sUserID, sReason }, { operator }) =>
        answer(
          await resendVerification({ db: ctx.db, auth }, sUserID, {
            actor: operator.actor,
            reason: sReason,
            now: ctx.clock.now(),
          }),
        ),
    }),
    define({
      name: 'memberForcePasswordReset',
      permission: 'member:account',
      input: memberAccountInput,
      handler: async ({ sUserID, sReason }, { operator }) =>
        answer(
          await forcePasswordReset({ db: ctx.db, bus: ctx.bus, auth }, sUserID, {
            actor: operator.actor,
            reason: sReason,
            now: ctx.clock.now(),
          }),
        ),
    }),
  ];
}
