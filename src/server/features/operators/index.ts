import { type Capability, forOtherCapabilities } from '../../capability';
import { operatorsCli } from './cli';
import { operatorsConsoleActions } from './consoleActions';
import { consoleSessionsOf } from './consoleSessions';
import { dailyGrantStanding as dailyGrantStandingOwn, spendDailyGrant as spendDailyGrantOwn } from './dailyCaps';
import { consoleGate } from './gate';
import { operatorsMigrations } from './migrations';
import { endRole, endRoleOfBanned, roleOf as roleOfOwn } from './operatorAccounts';
import { grantCapFor as grantCapForOwn } from './operators';
import { selfServiceConsoleActions } from './selfServiceActions';
import type { OperatorsTables } from './tables';

/**
 * Operators and the console's foundation (issue 27): who is an operator and with which role (its
 * own `operator_account`, decision 0248; the accounts are identity's, through its exports), their
 * grant caps, console sessions and what they may do on Better Auth's routes, the console's gate
 * (bearer token, second factor, idle timeout) and trust checks, its own console actions (whoami,
 * operators, audit) and the `operator` and `audit` commands. docs/security.md "Operators" walks
 * through sign-in.
 */
export const operators: Capability<OperatorsTables> = {
  name: 'operators',
  uses: ['identity'],
  migrations: operatorsMigrations,
  cli: operatorsCli,
  // A ban ends an operator's role in its transaction (decision 0204), from the console and the CLI alike.
  onAccountBanned: endRoleOfBanned,
  start: (ctx) => ({
    consoleActions: [...operatorsConsoleActions, ...selfServiceConsoleActions],
    consoleGate,
    consoleSessions: consoleSessionsOf(ctx),
    // An erased account holds no role, and its console sessions go with its sessions (identity's step runs after this one).
    eraseMember: async (trx, member) => {
      await endRole(trx, member.userId, { actor: 'erasure', now: member.now });
      await trx.deleteFrom('console_session').where('user_id', '=', member.userId).execute();
    },
  }),
};

export type { OperatorsTables } from './tables';

/** The console role an account holds now (admin, moderator, support, viewer), or null: a member. */
export const roleOf = forOtherCapabilities(roleOfOwn);

/**
 * The largest amount one grant by an operator of this role may give, or null for no cap: the
 * grant lever refuses above it with CONSOLE_GRANT_OVER_CAP.
 */
export const grantCapFor = forOtherCapabilities(grantCapForOwn);

/** Adds a grant to its operator's daily total inside the grant's transaction; false past the role's daily cap. */
export const spendDailyGrant = forOtherCapabilities(spendDailyGrantOwn);

/** An operator's grants today against their role's daily totals (for a refusal that names the cap and what is left). */
export const dailyGrantStanding = forOtherCapabilities(dailyGrantStandingOwn);
export type { DailyStanding } from './dailyCaps';
