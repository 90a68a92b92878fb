import { type Capability, forOtherCapabilities } from '../../capability';
import { operatorsCli } from './cli';
import { operatorsConsoleActions } from './consoleActions';
import { spendDailyGrant as spendDailyGrantOwn } from './dailyCaps';
import { consoleGate } from './gate';
import { operatorsMigrations } from './migrations';
import { grantCapFor as grantCapForOwn } from './operators';
import type { OperatorsTables } from './tables';

/**
 * Operators and the console's foundation (issue 27): operator accounts (Better Auth users whose
 * `role` is a console role), their grant caps, the console's gate (bearer token, second factor,
 * idle timeout), its own console actions (whoami, operators, audit) and the `operator` and
 * `audit` commands. docs/security.md "Operators" walks through sign-in.
 */
export const operators: Capability<OperatorsTables> = {
  name: 'operators',
  uses: ['identity'],
  migrations: operatorsMigrations,
  cli: operatorsCli,
  start: () => ({ consoleActions: operatorsConsoleActions, consoleGate }),
};

export type { OperatorsTables } from './tables';

/**
 * The largest amount one grant by an operator of this role may give, or null for no cap: the
 * grant lever refuses above it with CONSOLE_GRANT_OVER_CAP.
 */
export const grantCapFor = forOtherCapabilities(grantCapForOwn);

/** Adds a grant to its operator's daily total inside the grant's transaction; false past the role's daily cap. */
export const spendDailyGrant = forOtherCapabilities(spendDailyGrantOwn);
