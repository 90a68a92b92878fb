import {
  type ConsoleInviteCreateAnswer,
  type ConsoleInviteExportAnswer,
  type ConsoleInviteListAnswer,
  type ConsoleInviteRow,
  MAX_INVITE_BATCH,
} from '../../../protocol/consoleInvites';
import {
  inviteCreateInput,
  inviteExportInput,
  inviteListInput,
  inviteOnlySetInput,
  inviteRevokeInput,
} from '../../../protocol/consoleInvites.schema';
import { memberAccountInput } from '../../../protocol/consoleMembers.schema';
import { ErrorCode } from '../../../protocol/errors';
import type { AppContext } from '../../capability';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { getFlags, setFlag } from '../maintenance/index';
import { type AccountHelpOutcome, forcePasswordReset, resendVerification } from './accountHelp';
import type { Auth } from './auth';
import { createInvites, type InviteRow, inviteState, inviteUsers, listInvites, revokeInvite } from './invites';
import type { IdentityDb, IdentityTables } from './tables';

const define = consoleActionDefiner<IdentityTables>();

function answer(outcome: AccountHelpOutcome) {
  if (outcome === 'no-account') return fail(ErrorCode.NOT_FOUND, 'No such member.');
  if (outcome === 'already-verified') return fail(ErrorCode.ALREADY_DONE, 'This member is already verified.');
  return { iErrorCode: ErrorCode.OK };
}

const EXPORT_LIMIT = 10_000;

/** A page of invite rows with who used each code. */
async function inviteRows(db: IdentityDb, invites: InviteRow[], now: number): Promise<ConsoleInviteRow[]> {
  const users = await inviteUsers(
    db,
    invites.filter((invite) => invite.uses > 0).map((invite) => invite.code),
  );
  return invites.map((invite) => ({
    sCode: invite.code,
    iMaxUses: invite.max_uses,
    iUses: invite.uses,
    sEmail: invite.email ?? '',
    iExpiresAt: invite.expires_at === null ? 0 : Number(invite.expires_at),
    bRevoked: invite.revoked !== 0,
    sState: inviteState(invite, now),
    aUsedBy: users.get(invite.code) ?? [],
    iCreatedAt: Number(invite.created_at),
    sCreatedBy: invite.created_by,
  }));
}

/**
 * The console's invites (issue 29): list, create (one or a batch), revoke, export, and the
 * `inviteOnly` flag, through the functions the CLI's `invite …` and `flags set` call.
 */
export function inviteConsoleActions(ctx: AppContext<IdentityTables>): ConsoleActionDef[] {
  return [
    define({
      name: 'inviteList',
      permission: 'live:read',
      input: inviteListInput,
      async handler({ iPage, iPageSize }): Promise<ConsoleInviteListAnswer> {
        const invites = await listInvites(ctx.db, { limit: iPageSize + 1, offset: iPage * iPageSize });
        const now = ctx.clock.now();
        return {
          iErrorCode: ErrorCode.OK,
          aRows: await inviteRows(ctx.db, invites.slice(0, iPageSize), now),
          bMore: invites.length > iPageSize,
          bInviteOnly: (await getFlags(ctx.db)).inviteOnly,
        };
      },
    }),
    define({
      name: 'inviteExport',
      permission: 'live:read',
      input: inviteExportInput,
      async handler(): Promise<ConsoleInviteExportAnswer> {
        const invites = await listInvites(ctx.db, { limit: EXPORT_LIMIT });
        return { iErrorCode: ErrorCode.OK, aRows: await inviteRows(ctx.db, invites, ctx.clock.now()) };
      },
    }),
    define({
      name: 'inviteCreate',
      permission: 'live:manage',
      input: inviteCreateInput,
      async handler({ iCount, iMaxUses, sEmail, iExpiresAt, sReason }, { operator }) {
        const codes = await createInvites(ctx.db, {
          count: Math.min(iCount, MAX_INVITE_BATCH),
          maxUses: iMaxUses,
          email: sEmail || null,
          expiresAt: iExpiresAt || null,
          actor: operator.actor,
          reason: sReason,
          now: ctx.clock.now(),
        });
        if (codes === 'expiry-past')
          return fail(ErrorCode.TIME_IN_PAST, 'The expiry is already past: choose a time in the future.');
        return { iErrorCode: ErrorCode.OK, aCodes: codes } satisfies ConsoleInviteCreateAnswer;
      },
    }),
    define({
      name: 'inviteRevoke',
      permission: 'live:manage',
      input: inviteRevokeInput,
      // Issue 38: revoke many codes with one reason (consoleBulk, aItems: the codes).
      bulk: 'sCode',
      async handler({ sCode, sReason }, { operator }) {
        const revoked = await revokeInvite(ctx.db, {
          code: sCode,
          actor: operator.actor,
          reason: sReason,
          now: ctx.clock.now(),
        });
        return revoked ? { iErrorCode: ErrorCode.OK } : fail(ErrorCode.NOT_FOUND, `No invite code ${sCode}.`);
      },
    }),
    define({
      name: 'inviteOnlySet',
      permission: 'live:manage',
      input: inviteOnlySetInput,
      async handler({ bOn, sReason }, { operator }) {
        await setFlag(ctx.db, 'inviteOnly', bOn, operator.actor, ctx.clock.now(), sReason);
        return { iErrorCode: ErrorCode.OK };
      },
    }),
  ];
}

/** The console's account help on a member (issue 27): the mails Better Auth sends, from an operator. */
export function identityConsoleActions(ctx: AppContext<IdentityTables>, auth: Auth): ConsoleActionDef[] {
  return [
    define({
      name: 'memberResendVerification',
      permission: 'member:account',
      input: memberAccountInput,
      target: ({ sUserID }) => sUserID,
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
      target: ({ sUserID }) => sUserID,
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
