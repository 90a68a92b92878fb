import type { Capability } from '../../capability';
import { membersCli } from './cli';
import { type GrantCap, membersConsoleActions } from './consoleActions';
import { membersMigrations } from './migrations';
import type { MembersTables } from './tables';

/** Until the operators capability's grantCapFor is wired in (issue 27, at merge): no cap. */
const noCap: GrantCap = async () => undefined;

/**
 * The operators' view of members (issue 27): search, one member's page with its tabs, and the
 * levers on a member (ban, grant, sessions, notes, export), each one capability function shared
 * by its CLI command and its console action. It reads every other capability through its exports.
 */
export const members: Capability<MembersTables> = {
  name: 'members',
  uses: ['identity', 'collectibles', 'rewards', 'raffle', 'games', 'chat', 'store', 'wallet', 'whitelist'],
  migrations: membersMigrations,
  cli: membersCli,
  start: (ctx) => ({ consoleActions: membersConsoleActions(ctx, noCap) }),
};

export type { MembersTables } from './tables';
