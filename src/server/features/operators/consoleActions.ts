import type { z } from 'zod';
import type { ConsoleAuditActionsAnswer } from '../../../protocol/console';
import {
  AUDIT_EXPORT_MAX,
  type ConsoleAuditRow,
  type ConsoleOperatorRow,
  type ConsoleRole,
  ROLE_PERMISSIONS,
} from '../../../protocol/console';
import {
  auditActionsInput,
  auditFiltersInput,
  auditListInput,
  grantCapSetInput,
  operatorAddInput,
  operatorRemoveInput,
  operatorSetRoleInput,
  operatorsListInput,
  signOutInput,
  whoamiInput,
} from '../../../protocol/consoleOperators.schema';
import { ErrorCode } from '../../../protocol/errors';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { type AuditRow, auditCsv } from '../../shared/audit';
import { type SignInStanding, signInStandings, usernamesOf } from '../identity/index';
import { type AuditQuery, auditActionNames, auditPage, batchFilterProblem } from './audit';
import { endConsoleSession } from './consoleSessions';
import { dailyCapFor, dailyCaps, setDailyCap } from './dailyCaps';
import type { AccountWithRole } from './operatorAccounts';
import {
  addOperator,
  alreadyOperatorSentence,
  grantCaps,
  listOperators,
  type OperatorRefusal,
  removeOperator,
  setGrantCap,
  setOperatorRole,
} from './operators';
import type { OperatorsTables } from './tables';

const defineConsoleAction = consoleActionDefiner<OperatorsTables>();

type AuditFilters = z.infer<typeof auditFiltersInput>;

const queryOf = (input: AuditFilters): AuditQuery => ({
  operator: input.sOperator || undefined,
  actor: input.sActor || undefined,
  member: input.sMember || undefined,
  action: input.sAction || undefined,
  since: input.iSince,
  until: input.iUntil,
  batch: input.sBatch || undefined,
});

function auditRow(row: AuditRow, usernames: ReadonlyMap<string, string>): ConsoleAuditRow {
  let detail: unknown;
  try {
    detail = JSON.parse(row.detail);
  } catch {
    detail = row.detail;
  }
  return {
    iId: Number(row.id),
    iAt: Number(row.created_at),
    sActor: row.actor,
    sAction: row.action,
    sMemberId: row.member_id,
    sMemberName: row.member_id ? (usernames.get(row.member_id) ?? null) : null,
    pDetail: detail,
  };
}

const operatorRow = (account: AccountWithRole, standing?: SignInStanding): ConsoleOperatorRow => ({
  sUserId: account.id,
  sEmail: account.email,
  sRole: account.role as ConsoleRole,
  bTwoFactor: account.twoFactorEnabled,
  ...(standing ? { iLastSignInAt: standing.lastSignInAt, bPasswordSet: standing.passwordSet } : {}),
});

const refusal = (refused: OperatorRefusal) =>
  fail(refused === 'lastAdmin' ? ErrorCode.CONSOLE_LAST_ADMIN : ErrorCode.CONSOLE_NO_SUCH_OPERATOR);

const capRows = async (db: Parameters<typeof grantCaps>[0]) =>
  (await grantCaps(db)).map((cap) => ({ sRole: cap.role, iMaxAmount: cap.maxAmount }));
const dailyCapRows = async (db: Parameters<typeof dailyCaps>[0]) =>
  (await dailyCaps(db)).map((cap) => ({ sRole: cap.role, iDailyAmount: cap.maxAmount, iDailyItems: cap.maxItems }));

/** The console's own actions: who am I, sign out, operators and roles (admins), the audit log. */
export const operatorsConsoleActions: ConsoleActionDef[] = [
  // Every role holds member:read: these two are open to every operator.
  defineConsoleAction({
    name: 'whoami',
    permission: 'member:read',
    input: whoamiInput,
    async handler(_input, { deps, operator }) {
      return {
        iErrorCode: ErrorCode.OK,
        sUserId: operator.id,
        sEmail: operator.email,
        sRole: operator.role,
        aPermissions: [...ROLE_PERMISSIONS[operator.role]],
        iIdleMinutes: Math.round(deps.config.consoleIdleMs / 60_000),
      };
    },
  }),
  defineConsoleAction({
    name: 'signOut',
    permission: 'member:read',
    input: signOutInput,
    async handler(_input, { deps, operator }) {
      await endConsoleSession(deps.db, { sessionId: operator.sessionId, userId: operator.id });
      return { iErrorCode: ErrorCode.OK };
    },
  }),
  defineConsoleAction({
    name: 'operatorsList',
    permission: 'operator:manage',
    input: operatorsListInput,
    async handler(_input, { deps }) {
      const operators = await listOperators(deps.db);
      // Issue 38: each operator's last sign-in, and whether the welcome link was used (a password set).
      const standings = await signInStandings(
        deps.db,
        operators.map((o) => o.id),
      );
      return {
        iErrorCode: ErrorCode.OK,
        aRows: operators.map((o) => operatorRow(o, standings.get(o.id))),
        iTotal: operators.length,
        aGrantCaps: await capRows(deps.db),
        aDailyCaps: await dailyCapRows(deps.db),
      };
    },
  }),
  defineConsoleAction({
    name: 'operatorAdd',
    permission: 'operator:manage',
    confirm: true,
    input: operatorAddInput,
    async handler(input, { deps, operator }) {
      const added = await addOperator(deps.db, {
        email: input.sEmail,
        role: input.sRole,
        reason: input.sReason,
        actor: operator.actor,
        now: deps.clock.now(),
        mail: { mailer: deps.mailer, publicUrl: deps.config.publicUrl },
      });
      if ('refused' in added) {
        if (added.refused !== 'alreadyOperator') return refusal(added.refused);
        // The console asks before a role changes: who they are and their role, nothing changed.
        return {
          ...fail(ErrorCode.CONSOLE_OPERATOR_EXISTS, alreadyOperatorSentence(added.account)),
          pOperator: operatorRow(added.account),
        };
      }
      return { iErrorCode: ErrorCode.OK, pOperator: operatorRow(added.account), bCreated: added.created };
    },
  }),
  defineConsoleAction({
    name: 'operatorSetRole',
    permission: 'operator:manage',
    confirm: true,
    input: operatorSetRoleInput,
    async handler(input, { deps, operator }) {
      const changed = await setOperatorRole(deps.db, {
        email: input.sEmail,
        role: input.sRole,
        reason: input.sReason,
        actor: operator.actor,
        now: deps.clock.now(),
      });
      if ('refused' in changed) return refusal(changed.refused);
      return { iErrorCode: ErrorCode.OK, pOperator: operatorRow(changed.account), sFromRole: changed.from };
    },
  }),
  defineConsoleAction({
    name: 'operatorRemove',
    permission: 'operator:manage',
    confirm: true,
    input: operatorRemoveInput,
    async handler(input, { deps, operator }) {
      const removed = await removeOperator(deps.db, {
        email: input.sEmail,
        reason: input.sReason,
        actor: operator.actor,
        now: deps.clock.now(),
      });
      if ('refused' in removed) return refusal(removed.refused);
      return { iErrorCode: ErrorCode.OK, pOperator: operatorRow(removed.account), sFromRole: removed.from };
    },
  }),
  defineConsoleAction({
    name: 'grantCapSet',
    permission: 'operator:manage',
    confirm: true,
    input: grantCapSetInput,
    async handler(input, { deps, operator }) {
      const amount = input.iMaxAmount;
      await setGrantCap(deps.db, {
        role: input.sRole,
        maxAmount: amount === undefined || amount === '' || amount === -1 ? null : amount,
        reason: input.sReason,
        actor: operator.actor,
        now: deps.clock.now(),
      });
      if (input.iDailyAmount !== undefined || input.iDailyItems !== undefined) {
        const current = await dailyCapFor(deps.db, input.sRole);
        const value = (given: number | undefined, now: number | null) =>
          given === undefined ? now : given === -1 ? null : given;
        await setDailyCap(deps.db, {
          role: input.sRole,
          maxAmount: value(input.iDailyAmount, current.maxAmount),
          maxItems: value(input.iDailyItems, current.maxItems),
          reason: input.sReason,
          actor: operator.actor,
          now: deps.clock.now(),
        });
      }
      return { iErrorCode: ErrorCode.OK, aGrantCaps: await capRows(deps.db), aDailyCaps: await dailyCapRows(deps.db) };
    },
  }),
  defineConsoleAction({
    name: 'auditActions',
    permission: 'audit:read',
    input: auditActionsInput,
    async handler(_input, { deps }): Promise<ConsoleAuditActionsAnswer> {
      return { iErrorCode: ErrorCode.OK, aActions: await auditActionNames(deps.db) };
    },
  }),
  defineConsoleAction({
    name: 'auditList',
    permission: 'audit:read',
    input: auditListInput,
    async handler(input, { deps }) {
      const problem = batchFilterProblem(queryOf(input));
      if (problem) return fail(ErrorCode.BAD_INPUT, problem);
      const { rows, total, totalAtLeast } = await auditPage(deps.db, queryOf(input), {
        offset: (input.iPage - 1) * input.iPageSize,
        limit: input.iPageSize,
      });
      const usernames = await usernamesOf(
        deps.db,
        rows.flatMap((row) => (row.member_id ? [row.member_id] : [])),
      );
      return {
        iErrorCode: ErrorCode.OK,
        aRows: rows.map((row) => auditRow(row, usernames)),
        iTotal: total,
        ...(totalAtLeast ? { bTotalAtLeast: true } : {}),
      };
    },
  }),
  defineConsoleAction({
    name: 'auditExport',
    permission: 'audit:read',
    input: auditFiltersInput,
    async handler(input, { deps }) {
      const problem = batchFilterProblem(queryOf(input));
      if (problem) return fail(ErrorCode.BAD_INPUT, problem);
      const { rows } = await auditPage(deps.db, queryOf(input), { offset: 0, limit: AUDIT_EXPORT_MAX });
      return { iErrorCode: ErrorCode.OK, sCsv: auditCsv(rows), iRows: rows.length };
    },
  }),
];
