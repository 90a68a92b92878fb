import { ErrorCode } from '../../../protocol/errors';
import type { IsWhitelistedAnswer } from '../../../protocol/whitelist';
import { isWhitelistedInput } from '../../../protocol/whitelist.schema';
import { type Capability, forOtherCapabilities } from '../../capability';
import { actionDefiner } from '../../http/actions';
import { whitelistCli } from './cli';
import { isListed, isMemberListed as isMemberListedOwn } from './entries';
import { whitelistMigrations } from './migrations';
import type { WhitelistTables } from './tables';

const defineAction = actionDefiner<WhitelistTables>();

/**
 * The whitelist service (docs/product.md §7): `POST /api/whitelist/isWhitelisted` with no token,
 * by wallet address or email; bInWhitelist in pUserData (the member's email or linked wallet is
 * listed); operators manage the list with `whitelist add|remove|list|import`.
 */
export const whitelist: Capability<WhitelistTables> = {
  name: 'whitelist',
  // Its pUserData part reads theirs (email, linked address), so it comes after both.
  uses: ['identity', 'wallet'],
  migrations: whitelistMigrations,
  cli: whitelistCli,
  start: (ctx) => ({
    actions: [
      defineAction({
        service: 'whitelist',
        name: 'isWhitelisted',
        input: isWhitelistedInput,
        auth: 'public',
        async handler({ sWalletAddress, sEmail }): Promise<IsWhitelistedAnswer> {
          return {
            iErrorCode: ErrorCode.OK,
            bInWhitelist: await isListed(ctx.db, { address: sWalletAddress, email: sEmail }),
          };
        },
      }),
    ],
    // The member's email (identity) and linked address (wallet) come from their parts of pUserData.
    // Issue 30: the erased member's email leaves the list.
    eraseMember: async (trx, member) => {
      if (member.email)
        await trx
          .deleteFrom('whitelist_entry')
          .where('kind', '=', 'email')
          .where('value', '=', member.email.toLowerCase())
          .execute();
    },
    userData: async (_userId, _now, earlier) => ({
      bInWhitelist: await isMemberListedOwn(ctx.db, earlier.sEmail ?? null, earlier.sWalletAddress ?? null),
    }),
  }),
};

export type { WhitelistTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const isMemberListed = forOtherCapabilities(isMemberListedOwn);
