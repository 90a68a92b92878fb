import { type AppContext, type Capability, forOtherCapabilities } from '../../capability';
import { type AnyDb, ownTables } from '../../db/schema';
import type { Bus } from '../../shared/bus';
import { accountActions } from './accountActions';
import {
  accountByEmail as accountByEmailOwn,
  accountSessionOfToken as accountSessionOfTokenOwn,
  accountsByIds as accountsByIdsOwn,
  accountsInUse as accountsInUseOwn,
  clearSecondFactor as clearSecondFactorOwn,
  createAccount as createAccountOwn,
  createPasswordSetToken as createPasswordSetTokenOwn,
  deleteSessions as deleteSessionsOwn,
  legacyUserRoles,
} from './accounts';
import { identityActions } from './actions';
import { createAuth } from './auth';
import { registerAuthGuards } from './authGuards';
import { registerAuthRoute } from './authRoute';
import { banMember as banMemberOwn, banOf as banOfOwn, unbanMember as unbanMemberOwn } from './bans';
import { identityCli } from './cli';
import { freshlyConfirmed as freshlyConfirmedOwn } from './confirmation';
import { confirmationActions, confirmationConsoleActions } from './confirmationActions';
import { identityConsoleActions, inviteConsoleActions } from './consoleActions';
import { erasureSteps, isErased as isErasedOwn, runErasures } from './deletion';
import { registerDeletionRoutes } from './deletionRoutes';
import { findExportedAccount } from './exportedAccount';
import {
  authenticateGuest as authenticateGuestOwn,
  createGuestPlayer as createGuestPlayerOwn,
  markGuestBeatDemo as markGuestBeatDemoOwn,
} from './guests';
import { createAuthMail } from './mail';
import {
  memberProfiles as memberProfilesOwn,
  memberSessions as memberSessionsOwn,
  referredMembers as referredMembersOwn,
  revokeMemberSessions as revokeMemberSessionsOwn,
  userIdsMatching as userIdsMatchingOwn,
} from './memberAccounts';
import {
  countMembersMatching as countMembersMatchingOwn,
  existingUsernames as existingUsernamesOwn,
  findUserIdByHandle as findUserIdByHandleOwn,
  memberIdsAfter as memberIdsAfterOwn,
  memberIdsMatching as memberIdsMatchingOwn,
  subscribedEmails as subscribedEmailsOwn,
  userIdsByUsernames as userIdsByUsernamesOwn,
  usernamesOf as usernamesOfOwn,
  usernamesStartingWith as usernamesStartingWithOwn,
} from './members';
import { identityMigrations } from './migrations';
import {
  backupCodesLeft as backupCodesLeftOwn,
  changeOwnPassword,
  liveSessionsOf as liveSessionsOfOwn,
  rememberAuth,
  renewOwnBackupCodes,
  signInStandings as signInStandingsOwn,
} from './ownAccount';
import { closePasswordWorkers } from './password';
import { bearerToken, sessionFromBearer, sessionFromRequest } from './session';
import { announceSessionsEnded } from './sessionsEnded';
import { registerSignInRecorder } from './signInHistory';
import type { IdentityTables } from './tables';
import { tradeStanding as tradeStandingOwn } from './tradeStanding';
import { identityUserData } from './userData';

/**
 * Identity and onboarding (docs/product.md §4, §10): Better Auth at /api/auth/*, sessions,
 * invites, usernames, registration, guests, account mail and the limits that guard them.
 */
export const identity: Capability<IdentityTables> = {
  name: 'identity',
  uses: ['maintenance'],
  migrations: identityMigrations,
  cli: identityCli,
  findExportedAccount,
  start(ctx) {
    const auth = createAuth({
      config: ctx.config,
      db: ctx.db,
      dialect: ctx.dialect,
      mail: createAuthMail(ctx.mailer, ctx.config.publicUrl),
      sessionEnded: (session) => announceSessionsEnded(ctx.bus, { userId: session.userId, sessionIds: [session.id] }),
      now: () => ctx.clock.now(),
      consoleSessions: ctx.consoleSessions,
    });
    rememberAuth(ctx.db, auth);
    const sessions = { db: ctx.db, secret: ctx.config.authSecret, consoleSessions: ctx.consoleSessions };
    return {
      actions: [...identityActions(auth), ...accountActions(auth), ...confirmationActions(auth)],
      consoleActions: [
        ...identityConsoleActions(ctx, auth),
        ...inviteConsoleActions(ctx),
        ...confirmationConsoleActions(auth),
      ],
      routes(app) {
        registerAuthGuards(app, ctx);
        registerSignInRecorder(app, ctx);
        registerDeletionRoutes(app, ctx);
        registerAuthRoute(app, auth, {
          publicUrl: ctx.config.publicUrl,
          secret: ctx.config.authSecret,
          db: ctx.db,
          consoleSessions: ctx.consoleSessions,
          now: () => ctx.clock.now(),
        });
        app.addHook('onClose', closePasswordWorkers);
      },
      jobs: [
        {
          name: 'identity.erasures',
          everyMs: 60_000,
          leader: true,
          run: () => runErasures(ctx, erasureSteps(ctx), ctx.clock.now()),
        },
      ],
      userData: (userId) => identityUserData(ctx.db, userId),
      authenticate: (req) => sessionFromRequest(sessions, req),
    };
  },
};

export {
  endedBy,
  endSessionsOf,
  liveSessionIds,
  onSessionsEnded,
  type SessionsEnded,
  sessionsEndedRevision,
} from './sessionsEnded';

import { signUpsByBucket as signUpsByBucketOwn } from './pulse';

/** The signed-in account behind a bearer token that did not come in a header (the chat socket), with its expiry. */
export const authenticateToken = (
  deps: Pick<AppContext, 'config' | 'consoleSessions'> & { db: AnyDb },
  token: string,
) =>
  sessionFromBearer(
    { db: ownTables<IdentityTables>(deps.db), secret: deps.config.authSecret, consoleSessions: deps.consoleSessions },
    token,
  );
export type { IdentityTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const authenticateGuest = forOtherCapabilities(authenticateGuestOwn);
export const createGuestPlayer = forOtherCapabilities(createGuestPlayerOwn);
export const markGuestBeatDemo = forOtherCapabilities(markGuestBeatDemoOwn);
export const existingUsernames = forOtherCapabilities(existingUsernamesOwn);
export const findUserIdByHandle = forOtherCapabilities(findUserIdByHandleOwn);
export const usernamesOf = forOtherCapabilities(usernamesOfOwn);
export const userIdsByUsernames = forOtherCapabilities(userIdsByUsernamesOwn);
export const memberIdsAfter = forOtherCapabilities(memberIdsAfterOwn);
export const usernamesStartingWith = forOtherCapabilities(usernamesStartingWithOwn);
/** Announcements (issue 29): the identity criteria of a segment, and who asked for news by email. */
export type { MemberFilter } from './members';
export const memberIdsMatching = forOtherCapabilities(memberIdsMatchingOwn);
export const countMembersMatching = forOtherCapabilities(countMembersMatchingOwn);
export const subscribedEmails = forOtherCapabilities(subscribedEmailsOwn);

/**
 * Accounts for the operators capability (decision 0248), which keeps who is an operator itself:
 * the account of an email or ids, a new one, its set-password link, the sessions the console's
 * gate reads and ends, the end of a second factor, and which accounts are still in use.
 */
export type { Account } from './accounts';
export const accountByEmail = forOtherCapabilities(accountByEmailOwn);
export const accountsByIds = forOtherCapabilities(accountsByIdsOwn);
export const accountsInUse = forOtherCapabilities(accountsInUseOwn);
export const createAccount = forOtherCapabilities(createAccountOwn);
export const createPasswordSetToken = forOtherCapabilities(createPasswordSetTokenOwn);
export const accountSessionOfToken = forOtherCapabilities(accountSessionOfTokenOwn);
export const deleteSessions = forOtherCapabilities(deleteSessionsOwn);
export const clearSecondFactor = forOtherCapabilities(clearSecondFactorOwn);
/** The console roles Better Auth's `user.role` held before decision 0248: operators/003 takes them (and its down gives them back). */
export const legacyConsoleRoles = {
  take: forOtherCapabilities(legacyUserRoles.take),
  giveBack: forOtherCapabilities(legacyUserRoles.giveBack),
};
/** The session token of `Authorization: Bearer …` (signature checked), or null/undefined. */
export { bearerToken };
export const freshlyConfirmed = forOtherCapabilities(freshlyConfirmedOwn);
export const banOf = forOtherCapabilities(banOfOwn);
export const unbanMember = forOtherCapabilities(unbanMemberOwn);
export const userIdsMatching = forOtherCapabilities(userIdsMatchingOwn);
export const memberProfiles = forOtherCapabilities(memberProfilesOwn);
export const referredMembers = forOtherCapabilities(referredMembersOwn);
export const memberSessions = forOtherCapabilities(memberSessionsOwn);
/** Whether a member's account is being or has been erased (issue 30): their share pages are gone. */
export const isErased = forOtherCapabilities(isErasedOwn);
/** Trading (issue 39): account age, verification, ban, two-factor and new devices of a member. */
export type { TradeStanding } from './tradeStanding';
export const tradeStanding = forOtherCapabilities(tradeStandingOwn);

/**
 * Bans a member and ends every session (identity/bans.ts); audited with `userId` in its detail.
 * `accountBanned` (AppContext's or AdminContext's) runs every capability's part in the ban's transaction.
 */
export const banMember = (
  deps: Pick<AppContext, 'accountBanned'> & { db: AnyDb; bus?: Bus },
  userId: string,
  ban: Parameters<typeof banMemberOwn>[2],
) =>
  banMemberOwn(
    { db: ownTables<IdentityTables>(deps.db), bus: deps.bus, accountBanned: deps.accountBanned },
    userId,
    ban,
  );

/** Ends one session of a member, or all, audited (identity/memberAccounts.ts). */
export const revokeMemberSessions = (
  deps: { db: AnyDb; bus?: Bus },
  userId: string,
  revoke: Parameters<typeof revokeMemberSessionsOwn>[2],
) => revokeMemberSessionsOwn({ db: ownTables<IdentityTables>(deps.db), bus: deps.bus }, userId, revoke);

/** The console's pulse (issue 29): counts per time bucket (shared/buckets.ts). */
export const signUpsByBucket = forOtherCapabilities(signUpsByBucketOwn);

export type { OwnChangeRefusal, OwnSession, OwnSessionRow, SignInStanding } from './ownAccount';
/**
 * An account's own password, backup codes, sessions and sign-ins (issue 38, the console's Account
 * screen): password and codes through Better Auth's own routes (identity/ownAccount.ts).
 */
export { changeOwnPassword, renewOwnBackupCodes };
export const backupCodesLeft = forOtherCapabilities(backupCodesLeftOwn);
export const liveSessionsOf = forOtherCapabilities(liveSessionsOfOwn);
export const signInStandings = forOtherCapabilities(signInStandingsOwn);
/** A session's name on the wire: a hash of its id (never its id or token). */
export { publicSessionId } from './memberSessions';
