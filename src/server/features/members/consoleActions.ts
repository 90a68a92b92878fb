import type {
  ConsoleMemberRow,
  ConsolePage,
  ConsoleRole,
  MemberGrantAnswer,
  MemberShowAnswer,
} from '../../../protocol/console';
import {
  memberAccountInput,
  memberBanInput,
  memberFindInput,
  memberGrantInput,
  memberNoteAddInput,
  memberSessionsRevokeInput,
  memberShowInput,
  memberUnbanInput,
} from '../../../protocol/consoleMembers.schema';
import { ErrorCode, errorMessage } from '../../../protocol/errors';
import type { AppContext } from '../../capability';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { banMember, memberProfiles, revokeMemberSessions, unbanMember } from '../identity/index';
import type { DailyStanding } from '../operators/index';
import {
  findBalance,
  grantRefusalSentence,
  type OperatorGrant,
  type OperatorGrantOutcome,
  operatorGrant,
} from '../rewards/index';
import { tradeHoldingItem } from '../trading/index';
import { findMembers } from './find';
import { exportMemberData } from './levers';
import { addNote } from './notes';
import { memberProfile, memberTab } from './show';
import type { MembersTables } from './tables';

const define = consoleActionDefiner<MembersTables>();

/** The operators capability's grant limits: the per-grant cap of a role (undefined: none) and the daily total. */
export interface GrantLimits {
  grantCap(role: ConsoleRole): Promise<number | undefined>;
  spendDaily(
    trx: Parameters<NonNullable<OperatorGrant['spendDaily']>>[0],
    spend: { actor: string; role: ConsoleRole; amount: number; items: number; now: number },
  ): Promise<boolean>;
  /** What the operator granted today against their role's daily totals. */
  dailyStanding(spend: { actor: string; role: ConsoleRole; now: number }): Promise<DailyStanding>;
}

const figure = (n: number) => n.toLocaleString('en');

/**
 * Issue 38 item 6: a refusal by the daily total says the total, what the operator granted today
 * and what is left, so they know whether a smaller grant would pass.
 */
export function dailyCapMessage(standing: DailyStanding, role: ConsoleRole, collectible: boolean): string {
  const [cap, spent, unit] = collectible
    ? [standing.maxItems, standing.items, 'collectibles']
    : [standing.maxAmount, standing.amount, 'points and tickets'];
  if (cap === null) return errorMessage(ErrorCode.CONSOLE_GRANT_DAILY_CAP);
  if (cap === 0) return `Your role (${role}) may not grant ${unit}: its daily total is 0.`;
  const left = Math.max(cap - spent, 0);
  return `That grant passes your daily total: ${figure(cap)} ${unit} a day for ${role}; ${figure(spent)} granted today, ${figure(left)} left.`;
}

/** Issue 38 item 6: a take-back larger than the member holds says what they hold (rewards' sentence, as the CLI's). */
export function takeBackMessage(asset: 'points' | 'tickets' | 'item', held: number): string {
  return grantRefusalSentence('not-enough', { asset, held });
}

const GRANT_REFUSALS: Record<
  Exclude<OperatorGrantOutcome, 'granted' | 'already' | 'over-cap' | 'over-daily' | 'not-enough'>,
  [number, string]
> = {
  unavailable: [ErrorCode.GRANT_TARGET_UNAVAILABLE, errorMessage(ErrorCode.GRANT_TARGET_UNAVAILABLE)],
  'key-reused': [ErrorCode.REQUEST_KEY_REUSED, 'This key was used for another grant.'],
  'unknown-template': [ErrorCode.NOT_FOUND, 'No such collectible template.'],
};

/**
 * The console's actions on one member (issue 27): each calls the capability function its CLI
 * command calls, with the operator as the audit's actor. `grantCap` answers the per-grant cap of
 * the operator's role (the operators capability's grantCapFor; undefined: no cap).
 */
export function membersConsoleActions(ctx: AppContext<MembersTables>, limits: GrantLimits): ConsoleActionDef[] {
  const exists = async (userId: string) => (await memberProfiles(ctx.db, [userId])).length > 0;
  const noSuchMember = () => fail(ErrorCode.NOT_FOUND, 'No such member.');
  return [
    define({
      name: 'memberFind',
      permission: 'member:read',
      input: memberFindInput,
      async handler({ sQuery, iPage, iPageSize }): Promise<ConsolePage<ConsoleMemberRow>> {
        const { rows, more } = await findMembers(ctx.db, sQuery, { page: iPage, size: iPageSize });
        return { iErrorCode: ErrorCode.OK, aRows: rows, bMore: more };
      },
    }),
    define({
      name: 'memberShow',
      permission: 'member:read',
      input: memberShowInput,
      async handler({ sUserID, sTab, iPage, iPageSize }): Promise<MemberShowAnswer | ReturnType<typeof fail>> {
        if (sTab === 'profile') {
          const pProfile = await memberProfile(ctx.db, sUserID, ctx.clock.now());
          return pProfile ? { iErrorCode: ErrorCode.OK, sTab, pProfile } : noSuchMember();
        }
        if (!(await exists(sUserID))) return noSuchMember();
        const { rows, more } = await memberTab(ctx.db, sUserID, sTab, { page: iPage, size: iPageSize });
        return { iErrorCode: ErrorCode.OK, sTab, aRows: rows, bMore: more };
      },
    }),
    define({
      name: 'memberBan',
      permission: 'member:ban',
      input: memberBanInput,
      bulk: 'sUserID',
      target: ({ sUserID }) => sUserID,
      async handler({ sUserID, sReason, iDurationMs }, { operator }) {
        const now = ctx.clock.now();
        const until = iDurationMs > 0 ? now + iDurationMs : null;
        const banned = await banMember(ctx, sUserID, { actor: operator.actor, reason: sReason, until, now });
        return banned ? { iErrorCode: ErrorCode.OK } : noSuchMember();
      },
    }),
    define({
      name: 'memberUnban',
      permission: 'member:ban',
      input: memberUnbanInput,
      target: ({ sUserID }) => sUserID,
      async handler({ sUserID, sReason }, { operator }) {
        const lifted = await unbanMember(ctx.db, sUserID, {
          actor: operator.actor,
          reason: sReason,
          now: ctx.clock.now(),
        });
        return lifted ? { iErrorCode: ErrorCode.OK } : fail(ErrorCode.ALREADY_DONE, 'This member is not banned.');
      },
    }),
    define({
      name: 'memberGrant',
      permission: 'member:grant',
      input: memberGrantInput,
      bulk: 'sUserID',
      target: ({ sUserID }) => sUserID,
      async handler(grant, { operator }): Promise<MemberGrantAnswer | ReturnType<typeof fail>> {
        if (!(await exists(grant.sUserID))) return noSuchMember();
        const inTrade = grant.sItemID ? await tradeHoldingItem(ctx.db, grant.sItemID) : null;
        if (inTrade) return fail(ErrorCode.TRADE_ITEMS_MOVED, inTrade);
        const now = ctx.clock.now();
        const outcome = await operatorGrant(ctx.db, {
          userId: grant.sUserID,
          asset: grant.sAsset,
          amount: grant.iAmount,
          templateId: grant.sTemplateID,
          takeBackItemId: grant.sItemID,
          key: grant.sKey,
          reason: grant.sReason,
          actor: operator.actor,
          cap: await limits.grantCap(operator.role),
          spendDaily: (trx, spend) =>
            limits.spendDaily(trx, { ...spend, actor: operator.actor, role: operator.role, now }),
          now,
        });
        if (outcome === 'granted' || outcome === 'already')
          return { iErrorCode: ErrorCode.OK, bApplied: outcome === 'granted' };
        if (outcome === 'over-cap') {
          const cap = (await limits.grantCap(operator.role)) ?? 0;
          return fail(
            ErrorCode.CONSOLE_GRANT_OVER_CAP,
            grantRefusalSentence('over-cap', { asset: grant.sAsset, role: operator.role, cap }),
          );
        }
        if (outcome === 'over-daily') {
          const standing = await limits.dailyStanding({ actor: operator.actor, role: operator.role, now });
          return fail(
            ErrorCode.CONSOLE_GRANT_DAILY_CAP,
            dailyCapMessage(standing, operator.role, grant.sAsset === 'item'),
          );
        }
        if (outcome === 'not-enough') {
          const balance = await findBalance(ctx.db, grant.sUserID);
          const held = grant.sAsset === 'item' ? 0 : balance[grant.sAsset];
          return fail(ErrorCode.BAD_INPUT, takeBackMessage(grant.sAsset, held));
        }
        const [code, message] = GRANT_REFUSALS[outcome];
        return fail(code, message);
      },
    }),
    define({
      name: 'memberSessionsRevoke',
      permission: 'member:sessions',
      input: memberSessionsRevokeInput,
      target: ({ sUserID }) => sUserID,
      async handler({ sUserID, sSessionID, sReason }, { operator }) {
        if (!(await exists(sUserID))) return noSuchMember();
        const ended = await revokeMemberSessions(ctx, sUserID, {
          sessionId: sSessionID,
          actor: operator.actor,
          reason: sReason,
          now: ctx.clock.now(),
        });
        return { iErrorCode: ErrorCode.OK, iEnded: ended };
      },
    }),
    define({
      name: 'memberNoteAdd',
      permission: 'member:note',
      input: memberNoteAddInput,
      bulk: 'sUserID',
      async handler({ sUserID, sText }, { operator }) {
        if (!(await exists(sUserID))) return noSuchMember();
        const iNoteID = await addNote(ctx.db, {
          userId: sUserID,
          text: sText,
          actor: operator.actor,
          now: ctx.clock.now(),
        });
        return { iErrorCode: ErrorCode.OK, iNoteID };
      },
    }),
    define({
      name: 'memberExport',
      permission: 'member:export',
      input: memberAccountInput,
      async handler({ sUserID, sReason }, { operator }) {
        const data = await exportMemberData(ctx.db, sUserID, {
          actor: operator.actor,
          reason: sReason,
          now: ctx.clock.now(),
        });
        return data ? { iErrorCode: ErrorCode.OK, pExport: data } : noSuchMember();
      },
    }),
  ];
}
