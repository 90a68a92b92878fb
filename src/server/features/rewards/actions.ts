import type { InventoryAnswer } from '../../../protocol/collectibles';
import { getInventoryInput } from '../../../protocol/collectibles.schema';
import { ErrorCode } from '../../../protocol/errors';
import type { AckNoticesAnswer } from '../../../protocol/rewards';
import { ackNoticesInput } from '../../../protocol/rewards.schema';
import { type ActionDef, actionDefiner } from '../../http/actions';
import { memberInventory } from '../collectibles/index';
import { findBalance } from './ledger';
import { acknowledgeNotices } from './notices';
import type { RewardsTables } from './tables';

const defineAction = actionDefiner<RewardsTables>();

export const rewardsActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'getInventory',
    input: getInventoryInput,
    auth: 'member',
    // Everything the member holds: the ledger's balances and the collectibles it granted, a page of each collection.
    async handler({ iPage, iPageSize }, { deps, user }): Promise<InventoryAnswer> {
      const [aCollections, balance] = await Promise.all([
        memberInventory(deps.db, user.id, { page: iPage, size: iPageSize }),
        findBalance(deps.db, user.id),
      ]);
      return {
        iErrorCode: ErrorCode.OK,
        sContractAddress: deps.config.contractAddress,
        iPoints: balance.points,
        iRaffleTickets: balance.tickets,
        aCollections,
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'ackNotices',
    input: ackNoticesInput,
    auth: 'member',
    async handler({ sKinds, iUpToNoticeID }, { deps, user }): Promise<AckNoticesAnswer> {
      const iAcknowledged = await acknowledgeNotices(deps.db, {
        userId: user.id,
        kinds: sKinds,
        upToNoticeId: iUpToNoticeID,
        now: deps.clock.now(),
      });
      return { iErrorCode: ErrorCode.OK, iAcknowledged };
    },
  }),
];
