import type { Capability } from '../../capability';
import { profilesActions } from './actions';
import { profilesMigrations } from './migrations';
import { registerProfilePages } from './shareMeta';
import type { ProfilesTables } from './tables';

/**
 * Public profiles (issue 28, decision 0186): a page at /u/<username>, off by default, showing the
 * collectibles the member picks, their best scores and raffle wins, with its own share preview.
 * The avatar itself is collectibles' (decision 0185): chat and the leaderboard read it there.
 */
export const profiles: Capability<ProfilesTables> = {
  name: 'profiles',
  uses: ['collectibles', 'games', 'identity', 'raffle'],
  migrations: profilesMigrations,
  start(ctx) {
    return {
      actions: profilesActions,
      routes: (app) => registerProfilePages(app, ctx),
      async eraseMember(trx, member) {
        await trx.deleteFrom('profile').where('user_id', '=', member.userId).execute();
      },
    };
  },
};

export type { ProfilesTables } from './tables';
