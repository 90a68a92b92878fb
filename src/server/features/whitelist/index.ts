import { ErrorCode } from '../../../protocol/errors';
import type { IsWhitelistedAnswer } from '../../../protocol/whitelist';
import { isWhitelistedInput } from '../../../protocol/whitelist.schema';
import type { Capability } from '../../capability';
import { defineAction } from '../../http/actions';
import { accountEmail } from '../identity/index';
import { linkedAddress } from '../wallet/index';
import { whitelistCli } from './cli';
import { isListed, isMemberListed } from './entries';
import { whitelistMigrations } from './migrations';

/**
 * The whitelist service (docs/product.md §7): `POST /api/whitelist/isWhitelisted` with no token,
 * by wallet address or email; bInWhitelist in pUserData (the member's email or linked wallet is
 * listed); operators manage the list with `whitelist add|remove|list|import`.
 */
export const whitelist: Capability = {
  name: 'whitelist',
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
    async userData(userId) {
      const [email, address] = await Promise.all([accountEmail(ctx.db, userId), linkedAddress(ctx.db, userId)]);
      return { bInWhitelist: await isMemberListed(ctx.db, email, address) };
    },
  }),
};

export type { WhitelistTables } from './tables';
