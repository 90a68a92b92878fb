import type { Capability } from '../../capability';
import { dailyGrantStanding, grantCapFor, spendDailyGrant } from '../operators/index';
import { membersCli } from './cli';
import { membersConsoleActions } from './consoleActions';
import { membersMigrations } from './migrations';
import { myDataActions } from './myData';
import type { MembersTables } from './tables';

/**
 * The operators' view of members (issue 27): search, one member's page with its tabs, and the
 * levers on a member (ban, grant, sessions, notes, export), each one capability function shared
 * by its CLI command and its console action. It reads every other capability through its exports.
 * The member's own download (getMyData, issue 30) is the same export in its member variant.
 */
export const members: Capability<MembersTables> = {
  name: 'members',
  uses: [
    'identity',
    'operators',
    'collectibles',
    'rewards',
    'raffle',
    'games',
    'chat',
    'store',
    'wallet',
    'whitelist',
    'trading',
  ],
  migrations: membersMigrations,
  cli: membersCli,
  start: (ctx) => ({
    actions: myDataActions,
    consoleActions: membersConsoleActions(ctx, {
      grantCap: async (role) => (await grantCapFor(ctx.db, role)) ?? undefined,
      spendDaily: spendDailyGrant,
      dailyStanding: (spend) => dailyGrantStanding(ctx.db, spend),
    }),
    // Issue 30: operators' notes about an erased member go with them.
    eraseMember: async (trx, member) => {
      await trx.deleteFrom('member_note').where('user_id', '=', member.userId).execute();
    },
  }),
};

export type { MembersTables } from './tables';
