import { ErrorCode } from '../../../protocol/errors';
import type {
  AccountDeletionAnswer,
  EndSessionsAnswer,
  MySessionsAnswer,
  SignInHistoryAnswer,
} from '../../../protocol/memberAccount';
import {
  cancelAccountDeletionInput,
  confirmAccountDeletionInput,
  dismissDeletionNoticeInput,
  endMyDeviceInput,
  endMyOtherSessionsInput,
  endMySessionInput,
  getAccountDeletionInput,
  getMySessionsInput,
  getSignInHistoryInput,
  requestAccountDeletionInput,
} from '../../../protocol/memberAccount.schema';
import type { Answer } from '../../../protocol/wire';
import { type ActionDef, actionDefiner, fail, type Refusal } from '../../http/actions';
import type { Auth } from './auth';
import { checkCode } from './confirmation';
import { cancelDeletion, confirmDeletion, deletionOf, dismissDeletionNotice, requestDeletion } from './deletion';
import { overLimit } from './limits';
import { endMyDevice, listMyDevices } from './memberDevices';
import { endMySession, listMySessions } from './memberSessions';
import { endSessionsOf } from './sessionsEnded';
import { listSignIns } from './signInHistory';
import type { IdentityTables } from './tables';

const defineAction = actionDefiner<IdentityTables>();
const rateLimited = () => fail(ErrorCode.RATE_LIMITED);

/**
 * A member's own sessions, sign-in history and account deletion on /account (issue 30; issue 42).
 * `auth` checks deletion's code: a TOTP code (once, issue 35) or a backup code (spent).
 */
export const accountActions = (auth: Auth): ActionDef[] => [
  defineAction({
    service: 'portal',
    name: 'getMySessions',
    input: getMySessionsInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<MySessionsAnswer> {
      const now = deps.clock.now();
      const [aSessions, aDevices] = await Promise.all([
        listMySessions(deps.db, user.id, user.sessionId, now),
        listMyDevices(deps.db, user.id, user.sessionId, now),
      ]);
      return { iErrorCode: ErrorCode.OK, aSessions, aDevices };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'endMySession',
    input: endMySessionInput,
    auth: 'member',
    async handler({ sSessionID }, { deps, user }): Promise<EndSessionsAnswer | Refusal> {
      if (await overLimit(deps, [['sessionEndPerMember', user.id]])) return rateLimited();
      const ended = await endMySession(deps, user.id, sSessionID);
      return ended ? { iErrorCode: ErrorCode.OK, iEnded: 1 } : fail(ErrorCode.NOT_FOUND);
    },
  }),
  defineAction({
    service: 'portal',
    name: 'endMyDevice',
    input: endMyDeviceInput,
    auth: 'member',
    async handler({ sDeviceID }, { deps, user }): Promise<EndSessionsAnswer | Refusal> {
      if (await overLimit(deps, [['sessionEndPerMember', user.id]])) return rateLimited();
      const ended = await endMyDevice(deps, user, sDeviceID, deps.clock.now());
      return ended === null ? fail(ErrorCode.NOT_FOUND) : { iErrorCode: ErrorCode.OK, iEnded: ended };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'endMyOtherSessions',
    input: endMyOtherSessionsInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<EndSessionsAnswer | Refusal> {
      if (await overLimit(deps, [['sessionEndPerMember', user.id]])) return rateLimited();
      return { iErrorCode: ErrorCode.OK, iEnded: await endSessionsOf(deps, user.id, { keep: user.sessionId }) };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getSignInHistory',
    input: getSignInHistoryInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<SignInHistoryAnswer> {
      return { iErrorCode: ErrorCode.OK, aSignIns: await listSignIns(deps.db, user.id) };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getAccountDeletion',
    input: getAccountDeletionInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<AccountDeletionAnswer> {
      const row = await deletionOf(deps.db, user.id);
      const sState = deletionState(row?.state);
      const account = await deps.db
        .selectFrom('user')
        .select('twoFactorEnabled')
        .where('id', '=', user.id)
        .executeTakeFirst();
      return {
        iErrorCode: ErrorCode.OK,
        sState,
        iEraseAt: sState === 'scheduled' || sState === 'cancelledAtSignIn' ? Number(row?.erase_at ?? 0) : 0,
        bTwoFactor: Boolean(account?.twoFactorEnabled),
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'requestAccountDeletion',
    input: requestAccountDeletionInput,
    auth: 'member',
    async handler({ sPassword, sCode }, { deps, user, req }): Promise<Answer> {
      if (await overLimit(deps, [['accountDeletionPerMember', user.id]])) return rateLimited();
      const codeDeps = { handler: (r: Request) => auth.handler(r), publicUrl: deps.config.publicUrl };
      const outcome = await requestDeletion(deps, user, {
        password: sPassword,
        code: sCode,
        now: deps.clock.now(),
        codePasses: async (code) => (await checkCode(codeDeps, req.headers.authorization ?? '', code)) === null,
      });
      if (outcome === 'wrongPassword') return fail(ErrorCode.WRONG_PASSWORD);
      if (outcome === 'codeRequired') return fail(ErrorCode.SECOND_FACTOR_CODE_REQUIRED);
      if (outcome === 'alreadyScheduled') return fail(ErrorCode.ALREADY_DONE);
      return { iErrorCode: ErrorCode.OK };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'confirmAccountDeletion',
    input: confirmAccountDeletionInput,
    auth: 'public',
    async handler({ sToken }, { deps, req }): Promise<AccountDeletionAnswer | Refusal> {
      if (await overLimit(deps, [['deletionLinkPerIp', req.ip]])) return rateLimited();
      const confirmed = await confirmDeletion(deps, sToken, deps.clock.now());
      if (!confirmed) return fail(ErrorCode.DELETION_LINK_INVALID);
      return { iErrorCode: ErrorCode.OK, sState: 'scheduled', iEraseAt: confirmed.eraseAt, bTwoFactor: false };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'cancelAccountDeletion',
    input: cancelAccountDeletionInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<Answer> {
      return (await cancelDeletion(deps.db, user, deps.clock.now()))
        ? { iErrorCode: ErrorCode.OK }
        : fail(ErrorCode.NOT_FOUND);
    },
  }),
  defineAction({
    service: 'portal',
    name: 'dismissDeletionNotice',
    input: dismissDeletionNoticeInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<Answer> {
      return (await dismissDeletionNotice(deps.db, user.id)) ? { iErrorCode: ErrorCode.OK } : fail(ErrorCode.NOT_FOUND);
    },
  }),
];

/** The member's view of their deletion row: erasing and erased never reach a signed-in member. */
function deletionState(state: string | undefined): AccountDeletionAnswer['sState'] {
  if (state === 'requested' || state === 'scheduled') return state;
  return state === 'signin_cancelled' ? 'cancelledAtSignIn' : 'none';
}
