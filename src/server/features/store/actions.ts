import { ErrorCode } from '../../../protocol/errors';
import type { PointsStatementAnswer, StoreCatalogueAnswer } from '../../../protocol/store';
import { STATEMENT_PAGE_SIZE } from '../../../protocol/store';
import { buyStoreItemInput, getPointsStatementInput, getStoreCatalogueInput } from '../../../protocol/store.schema';
import { type ActionDef, actionDefiner } from '../../http/actions';
import { getFlags } from '../maintenance/index';
import { findBalance, readStatement } from '../rewards/index';
import { memberCatalogue } from './catalogue';
import { buyStoreItem } from './purchase';
import type { StoreTables } from './tables';

const defineAction = actionDefiner<StoreTables>();

export const storeActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'getStoreCatalogue',
    input: getStoreCatalogueInput,
    auth: 'member',
    // Answered with the store closed too: the preview shows what is coming (docs/product.md §13).
    async handler(_input, { deps, user }): Promise<StoreCatalogueAnswer> {
      const now = deps.clock.now();
      const [flags, aItems, balance] = await Promise.all([
        getFlags(deps.db),
        memberCatalogue(deps.db, user.id, now),
        findBalance(deps.db, user.id),
      ]);
      return {
        iErrorCode: ErrorCode.OK,
        bOpen: flags.bRewardStore,
        iNow: now,
        iPoints: balance.points,
        iRaffleTickets: balance.tickets,
        aItems,
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'buyStoreItem',
    input: buyStoreItemInput,
    auth: 'member',
    handler: ({ sStoreItemID, iQuantity, sIdempotencyKey }, { deps, user }) =>
      buyStoreItem(deps.db, {
        userId: user.id,
        clientKey: sIdempotencyKey,
        itemId: sStoreItemID,
        quantity: iQuantity,
        now: deps.clock.now(),
      }),
  }),
  defineAction({
    service: 'portal',
    name: 'getPointsStatement',
    input: getPointsStatementInput,
    auth: 'member',
    async handler({ iBeforeID, iPageSize }, { deps, user }): Promise<PointsStatementAnswer> {
      const [page, balance] = await Promise.all([
        readStatement(deps.db, user.id, { beforeId: iBeforeID, limit: iPageSize ?? STATEMENT_PAGE_SIZE }),
        findBalance(deps.db, user.id),
      ]);
      return {
        iErrorCode: ErrorCode.OK,
        aEntries: page.lines.map((line) => ({
          iEntryID: line.id,
          iTime: line.at,
          sReason: line.reason,
          sAsset: line.asset,
          iAmount: line.amount,
          sItemID: line.itemPublicId,
          sItemName: line.itemName,
          iPointsAfter: line.pointsAfter,
          iTicketsAfter: line.ticketsAfter,
        })),
        iNextBeforeID: page.nextBeforeId,
        iPoints: balance.points,
        iRaffleTickets: balance.tickets,
      };
    },
  }),
];
