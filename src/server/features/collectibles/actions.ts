import type { Answer } from '../../../protocol/actions';
import { ErrorCode } from '../../../protocol/errors';
import {
  type CollectionAnswer,
  type CollectionsAnswer,
  getCollectionInput,
  getCollectionsInput,
  getInventoryInput,
  getItemInput,
  getPublicItemInput,
  type InventoryAnswer,
  type ItemAnswer,
} from '../../../protocol/rewards';
import {
  listCollections,
  memberBalance,
  memberCollection,
  memberInventory,
  ownedCollectible,
  publicCollectible,
} from '../../core/rewards/index';
import { type ActionDef, defineAction, fail } from '../../http/actions';

/** Collectibles (SPEC §3): the member's inventory and items, the public share view, the collections. */
export const collectiblesActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'getInventory',
    input: getInventoryInput,
    auth: 'member',
    async handler(_input, { deps, user }): Promise<InventoryAnswer> {
      const [aCollections, balance] = await Promise.all([
        memberInventory(deps.db, user.id),
        memberBalance(deps.db, user.id),
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
    name: 'getCollection',
    input: getCollectionInput,
    auth: 'member',
    async handler({ sCollectionID }, { deps, user }): Promise<CollectionAnswer | Answer> {
      const found = await memberCollection(deps.db, user.id, sCollectionID);
      if (!found) return fail(ErrorCode.NOT_FOUND);
      return {
        iErrorCode: ErrorCode.OK,
        sContractAddress: deps.config.contractAddress,
        pCollection: found.collection,
        aItems: found.items,
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getItem',
    input: getItemInput,
    auth: 'member',
    async handler({ sItemID }, { deps, user }): Promise<ItemAnswer | Answer> {
      // Another member's item answers exactly like a missing one: no way to probe who owns what.
      const pItem = await ownedCollectible(deps.db, user.id, Number(sItemID));
      if (!pItem) return fail(ErrorCode.NOT_FOUND);
      return { iErrorCode: ErrorCode.OK, sContractAddress: deps.config.contractAddress, pItem };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getPublicItem',
    input: getPublicItemInput,
    auth: 'public',
    async handler({ sItemID }, { deps }): Promise<ItemAnswer | Answer> {
      // Public by design: a shared /viewer link. The view carries nothing about the owner.
      const pItem = await publicCollectible(deps.db, Number(sItemID));
      if (!pItem) return fail(ErrorCode.NOT_FOUND);
      return { iErrorCode: ErrorCode.OK, sContractAddress: deps.config.contractAddress, pItem };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getCollections',
    input: getCollectionsInput,
    auth: 'public',
    async handler(_input, { deps }): Promise<CollectionsAnswer> {
      return { iErrorCode: ErrorCode.OK, aCollections: await listCollections(deps.db) };
    },
  }),
];
