import { fromNodeHeaders } from 'better-auth/node';
import { ErrorCode } from '../../../protocol/errors';
import { AGENT_TEMPLATE_ID } from '../../../protocol/identity';
import {
  checkUserNameInput,
  getUserDataInput,
  registerUserInput,
  sendPasswordResetEmailInput,
  sendVerificationEmailInput,
  setSubscribeInput,
  userVerifiedInput,
  verifyCodeInput,
} from '../../../protocol/identity.schema';
import { type ActionDef, actionDefiner, fail, SerializedAnswer } from '../../http/actions';
import type { Auth } from './auth';
import { usableInviteEmail } from './invites';
import { overLimit } from './limits';
import { registerMember } from './registration';
import type { IdentityTables } from './tables';
import { isAccountVerified } from './userData';
import { isUsernameTaken, suggestUsername } from './usernames';

const defineAction = actionDefiner<IdentityTables>();

const rateLimited = () => fail(ErrorCode.RATE_LIMITED);

const userDataReply = (answer: Buffer | null) =>
  answer ? new SerializedAnswer(ErrorCode.OK, answer) : fail(ErrorCode.NOT_REGISTERED);

export const identityActions = (auth: Auth): ActionDef[] => [
  defineAction({
    service: 'portal',
    name: 'verifyCode',
    input: verifyCodeInput,
    auth: 'public',
    async handler({ sCode }, { deps, req }) {
      if (await overLimit(deps, [['codeCheckPerIp', req.ip]])) return { ...rateLimited(), sEmail: '' };
      const invite = await usableInviteEmail(deps.db, sCode, deps.clock.now());
      return 'refused' in invite ? { ...fail(invite.refused), sEmail: '' } : { iErrorCode: 0, sEmail: invite.email };
    },
  }),

  defineAction({
    service: 'portal',
    name: 'checkUserName',
    input: checkUserNameInput,
    auth: 'public',
    async handler({ sUserName }, { deps, req }) {
      if (await overLimit(deps, [['userNameCheckPerIp', req.ip]])) return rateLimited();
      if (!(await isUsernameTaken(deps.db, sUserName))) return { iErrorCode: 0 };
      return { ...fail(ErrorCode.USERNAME_TAKEN), sSuggestedUserName: await suggestUsername(deps.db, sUserName) };
    },
  }),

  defineAction({
    service: 'portal',
    name: 'registerUser',
    input: registerUserInput,
    auth: 'member',
    async handler(input, { deps, user }) {
      const outcome = await registerMember(deps, user, input);
      if (!outcome.ok) {
        if (outcome.code !== ErrorCode.USERNAME_TAKEN) return fail(outcome.code);
        return { ...fail(outcome.code), sSuggestedUserName: await suggestUsername(deps.db, input.sUserName) };
      }
      const pUserData = await deps.userData(user.id, deps.clock.now());
      if (!pUserData) return fail(ErrorCode.NOT_REGISTERED);
      return { iErrorCode: 0, pUserData, sAgentTokenTemplateID: AGENT_TEMPLATE_ID };
    },
  }),

  defineAction({
    service: 'portal',
    name: 'getUserData',
    input: getUserDataInput,
    auth: 'member',
    // Not async: a remembered answer goes out in the one promise the router awaits.
    handler(_input, { deps, user }) {
      const answer = deps.userDataAnswer(user.id, deps.clock.now(), user.revisions);
      return answer instanceof Promise ? answer.then(userDataReply) : Promise.resolve(userDataReply(answer));
    },
  }),

  defineAction({
    service: 'portal',
    name: 'userVerified',
    input: userVerifiedInput,
    auth: 'member',
    async handler(_input, { deps, user }) {
      const bVerified = await isAccountVerified(deps.db, user.id);
      if (bVerified) {
        await deps.db
          .updateTable('member')
          .set({ verified_at: deps.clock.now() })
          .where('user_id', '=', user.id)
          .where('verified_at', 'is', null)
          .execute();
      }
      return { iErrorCode: 0, bVerified };
    },
  }),

  defineAction({
    service: 'portal',
    name: 'sendVerificationEmail',
    input: sendVerificationEmailInput,
    auth: 'member',
    async handler(_input, { deps, req, user }) {
      const checks = [
        ['verificationEmailPerEmail', user.email],
        ['verificationEmailPerIp', req.ip],
      ] as const;
      if (await overLimit(deps, checks)) return rateLimited();
      if (await isAccountVerified(deps.db, user.id)) return fail(ErrorCode.ALREADY_DONE);
      try {
        await auth.api.sendVerificationEmail({
          body: { email: user.email },
          headers: fromNodeHeaders(req.headers),
        });
      } catch (error) {
        req.log.error({ err: error }, 'sending the verification email failed');
        return fail(ErrorCode.INTERNAL);
      }
      return { iErrorCode: 0 };
    },
  }),

  defineAction({
    service: 'portal',
    name: 'sendPasswordResetEmail',
    input: sendPasswordResetEmailInput,
    auth: 'public',
    async handler({ sEmail }, { deps, req }) {
      const checks = [
        ['passwordResetPerEmail', sEmail],
        ['passwordResetPerIp', req.ip],
      ] as const;
      if (await overLimit(deps, checks)) return rateLimited();
      // Not awaited: answering only after the mail went out would tell, by the delay, that the account exists.
      auth.api.requestPasswordReset({ body: { email: sEmail } }).catch((error: unknown) => {
        req.log.error({ err: error }, 'sending the password reset email failed');
      });
      return { iErrorCode: 0 };
    },
  }),

  defineAction({
    service: 'portal',
    name: 'setSubscribe',
    input: setSubscribeInput,
    auth: 'member',
    async handler({ bSubscribe }, { deps, user }) {
      const result = await deps.db
        .updateTable('member')
        .set({ subscribe: bSubscribe ? 1 : 0 })
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? { iErrorCode: 0 } : fail(ErrorCode.NOT_REGISTERED);
    },
  }),
];
