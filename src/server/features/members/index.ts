import type { Capability } from '../../capability';
import { grantCapFor } from '../operators/index';
import { membersCli } from './cli';
import { membersConsoleActions } from './consoleActions';
import { membersMigrations } from './migrations';
import type { MembersTables } from './tables';

/**
 * The operators' view of members (issue 27): search, one member's page with its tabs, and the
 * levers on a member (ban, grant, sessions, notes, export), each one capability function shared
 * by its CLI command and its console action. It reads every other capability through its exports.
 */
export const members: Capability<MembersTables> = {
  name: 'members',
  uses: ['identity', 'operators', 'collectibles', 'rewards', 'raffle', 'games', 'chat', 'store', 'wallet', 'whitelist'],
  migrations: membersMigrations,
  cli: membersCli,
  start: (ctx) => ({
    consoleActions: membersConsoleActions(ctx, async (role) => (await grantCapFor(ctx.db, role)) ?? undefined),
  }),
};

export type { MembersTables } from './tables';
