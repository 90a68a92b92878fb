import { TEST_NETWORK_VAR } from '../../../protocol/wallet';
import { type Capability, forOtherCapabilities } from '../../capability';
import { walletActions } from './actions';
import {
  forgetExpiredNonces,
  linkedWallet as linkedWalletOwn,
  walletsStartingWith as walletsStartingWithOwn,
  walletUserData,
} from './links';
import { walletMigrations } from './migrations';
import type { WalletTables } from './tables';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The member's crypto wallet (docs/product.md §16, behind bWallet): setWalletAddress links one checksummed
 * address per member (optionally proven by a signature), unlinkWallet removes it, and pUserData
 * carries it for /account.
 */
export const wallet: Capability<WalletTables> = {
  name: 'wallet',
  uses: ['maintenance'],
  migrations: walletMigrations,
  gameVars: [
    {
      sVarID: TEST_NETWORK_VAR,
      sType: 'int',
      sDefault: '0',
      valid: (v) => v === 0 || v === 1,
      hint: '1 uses the dev test network (0x13881, MATIC), 0 the main network',
    },
  ],
  start: (ctx) => ({
    actions: walletActions,
    userData: (userId) => walletUserData(ctx.db, userId),
    // Issue 30: a linked address is personal data.
    eraseMember: async (trx, member) => {
      await trx.deleteFrom('wallet_link').where('user_id', '=', member.userId).execute();
      await trx.deleteFrom('wallet_nonce').where('user_id', '=', member.userId).execute();
    },
    jobs: [
      {
        name: 'wallet.forgetExpiredNonces',
        everyMs: HOUR_MS,
        // A tidy-up: one instance at a time is enough (shared/jobs.ts).
        leader: true,
        run: () => forgetExpiredNonces(ctx.db, ctx.clock.now()),
      },
    ],
  }),
};

export type { WalletTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const linkedWallet = forOtherCapabilities(linkedWalletOwn);
export const walletsStartingWith = forOtherCapabilities(walletsStartingWithOwn);
