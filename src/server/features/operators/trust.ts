import type { ConsoleRole } from '../../../protocol/console';
import { ErrorCode } from '../../../protocol/errors';
import type { AppContext } from '../../capability';
import type { AcceptedConsoleCall, ConsoleActionDef, ConsoleChecks, Operator } from '../../http/consoleActions';
import { writeAudit } from '../../shared/audit';
import { freshlyConfirmed } from '../identity/index';
import { isConsoleRole, MEMBER_ROLE, roleOf } from './operatorAccounts';

/**
 * The operators' trust model (issue 35, decision 0203): an operator never acts on the account of
 * an operator of equal or higher rank, nor on their own; an admin may act on another admin, and
 * that is audited as such. Moderator and support rank alike (neither oversees the other).
 * The CLI is the machine's root and has no rank.
 */
export const ROLE_RANK: Readonly<Record<ConsoleRole, number>> = { admin: 3, moderator: 2, support: 2, viewer: 1 };

/** The code refusing `operator` a lever on an account of `targetRole` (their own when `self`), or null. */
export function rankRefusal(operator: ConsoleRole, target: { role: string; self: boolean }): number | null {
  if (target.self) return ErrorCode.CONSOLE_OWN_ACCOUNT;
  if (!isConsoleRole(target.role)) return null;
  if (operator === 'admin' && target.role === 'admin') return null;
  return ROLE_RANK[target.role] >= ROLE_RANK[operator] ? ErrorCode.CONSOLE_TARGET_OUTRANKS : null;
}

/** The checks of one operator's console call, for the dispatcher (http/consoleActions.ts). */
export function consoleChecks(deps: AppContext, operator: Operator): ConsoleChecks {
  const refused = (action: string, code: number, userId?: string) =>
    writeAudit(deps.db, {
      actor: operator.actor,
      action: 'console.refused',
      detail: { action, code, role: operator.role, ...(userId ? { userId } : {}) },
      at: deps.clock.now(),
      memberId: userId ?? null,
    });
  return {
    async refusedAbove(action: ConsoleActionDef) {
      await refused(action.name, ErrorCode.CONSOLE_FORBIDDEN);
    },
    async beforeHandler(action: ConsoleActionDef, call: AcceptedConsoleCall) {
      if (action.confirm && !(await freshlyConfirmed(deps.db, operator.sessionId, deps.clock.now()))) {
        return ErrorCode.CONFIRMATION_REQUIRED;
      }
      const targetId = await call.target(deps);
      if (!targetId) return null;
      const target = { id: targetId, role: (await roleOf(deps.db, targetId)) ?? MEMBER_ROLE };
      const code = rankRefusal(operator.role, { role: target.role, self: target.id === operator.id });
      if (code !== null) {
        await refused(action.name, code, target.id);
        return code;
      }
      if (target.role === 'admin') {
        await writeAudit(deps.db, {
          actor: operator.actor,
          action: 'console.onAdmin',
          detail: { action: action.name, userId: target.id },
          at: deps.clock.now(),
          memberId: target.id,
        });
      }
      return null;
    },
  };
}
