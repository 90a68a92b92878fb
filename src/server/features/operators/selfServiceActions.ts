import type { ConsoleRole } from '../../../protocol/console';
import {
  accountBackupCodesRenewInput,
  accountPasswordChangeInput,
  accountSessionEndInput,
  accountShowInput,
  operatorResendWelcomeInput,
} from '../../../protocol/consoleOperators.schema';
import { ErrorCode } from '../../../protocol/errors';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner, type Operator } from '../../http/consoleActions';
import { accountByEmail, type OwnChangeRefusal } from '../identity/index';
import {
  changeOperatorPassword,
  endOwnConsoleSession,
  ownAccount,
  renewOperatorBackupCodes,
  resendWelcome,
  signedInSentence,
} from './selfService';
import type { OperatorsTables } from './tables';

const defineConsoleAction = consoleActionDefiner<OperatorsTables>();

const caller = (operator: Operator) => ({ id: operator.id, sessionId: operator.sessionId, actor: operator.actor });

/** The console session's own request, which Better Auth's routes are called with. */
const sessionOf = (req: { headers: { authorization?: string }; ip: string }) => ({
  authorization: req.headers.authorization ?? '',
  ip: req.ip,
});

function refusal(refused: OwnChangeRefusal) {
  if (refused === 'wrongPassword') return fail(ErrorCode.WRONG_PASSWORD, 'That is not your current password.');
  if (refused === 'rateLimited') return fail(ErrorCode.RATE_LIMITED);
  if (refused === 'notEnrolled') return fail(ErrorCode.BAD_INPUT, 'Two-factor is not enrolled on this account.');
  return fail(ErrorCode.BAD_INPUT, 'That did not work. Please try again.');
}

/**
 * The operator's own account (issue 38, decision 0246): open to every role (member:read), acting
 * on the caller alone; and the admins' "resend welcome", with operatorAdd's permission, fresh
 * confirmation and rank checks.
 */
export const selfServiceConsoleActions: ConsoleActionDef[] = [
  defineConsoleAction({
    name: 'accountShow',
    permission: 'member:read',
    input: accountShowInput,
    async handler(_input, { deps, operator }) {
      const account = await ownAccount(deps, caller(operator));
      return {
        iErrorCode: ErrorCode.OK,
        sEmail: operator.email,
        sRole: operator.role,
        iBackupCodesLeft: account.backupCodesLeft,
        aSessions: account.sessions.map((session) => ({
          sSessionID: session.publicId,
          sDevice: session.device,
          sIP: session.ip,
          iCreatedAt: session.createdAt,
          iLastActiveAt: session.lastActiveAt,
          bThisSession: session.thisSession,
        })),
      };
    },
  }),
  defineConsoleAction({
    name: 'accountPasswordChange',
    permission: 'member:read',
    input: accountPasswordChangeInput,
    async handler(input, { deps, operator, req }) {
      const changed = await changeOperatorPassword(deps, caller(operator), sessionOf(req), {
        currentPassword: input.sCurrentPassword,
        newPassword: input.sNewPassword,
      });
      if ('refused' in changed) return refusal(changed.refused);
      return { iErrorCode: ErrorCode.OK, iSessionsEnded: changed.sessionsEnded };
    },
  }),
  defineConsoleAction({
    name: 'accountBackupCodesRenew',
    permission: 'member:read',
    input: accountBackupCodesRenewInput,
    async handler(input, { deps, req }) {
      const renewed = await renewOperatorBackupCodes(deps, sessionOf(req), input.sPassword);
      if ('refused' in renewed) return refusal(renewed.refused);
      return { iErrorCode: ErrorCode.OK, aBackupCodes: renewed.codes };
    },
  }),
  defineConsoleAction({
    name: 'accountSessionEnd',
    permission: 'member:read',
    input: accountSessionEndInput,
    async handler(input, { deps, operator }) {
      const ended = await endOwnConsoleSession(deps, caller(operator), input.sSessionID);
      if (ended === 'thisSession')
        return fail(ErrorCode.BAD_INPUT, 'This is the session you are using: sign out instead.');
      if (ended === 'notFound')
        return fail(ErrorCode.NOT_FOUND, 'No such session of yours (it may have ended already).');
      return { iErrorCode: ErrorCode.OK };
    },
  }),
  defineConsoleAction({
    name: 'operatorResendWelcome',
    permission: 'operator:manage',
    confirm: true,
    input: operatorResendWelcomeInput,
    target: async ({ sEmail }, deps) => (await accountByEmail(deps.db, sEmail))?.id ?? null,
    async handler(input, { deps, operator }) {
      const sent = await resendWelcome(deps.db, {
        email: input.sEmail,
        reason: input.sReason,
        actor: operator.actor,
        now: deps.clock.now(),
        mail: { mailer: deps.mailer, publicUrl: deps.config.publicUrl },
      });
      if ('refused' in sent) {
        if (sent.refused === 'noSuchOperator') return fail(ErrorCode.CONSOLE_NO_SUCH_OPERATOR);
        return fail(ErrorCode.ALREADY_DONE, signedInSentence(sent.account, sent.standing));
      }
      const { account } = sent;
      return {
        iErrorCode: ErrorCode.OK,
        pOperator: {
          sUserId: account.id,
          sEmail: account.email,
          sRole: account.role as ConsoleRole,
          bTwoFactor: account.twoFactorEnabled,
        },
      };
    },
  }),
];
