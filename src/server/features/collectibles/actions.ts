import type { CollectionAnswer, CollectionsAnswer, ItemAnswer } from '../../../protocol/collectibles';
import {
  getCollectionInput,
  getCollectionsInput,
  getItemInput,
  getPublicItemInput,
} from '../../../protocol/collectibles.schema';
import { ErrorCode } from '../../../protocol/errors';
import { setAvatarInput } from '../../../protocol/profiles.schema';
import type { Answer } from '../../../protocol/wire';
import { type ActionDef, actionDefiner, fail, type Refusal } from '../../http/actions';
import { announceAvatarChanged, setAvatar } from './avatar';
import { ownerUserName } from './shareMeta';
import type { CollectiblesTables } from './tables';
import { listCollections, markItemOpened, memberCollection, ownedItem, publicCollectible } from './views';

const defineAction = actionDefiner<CollectiblesTables>();

/** A member's collections and items, the public share view, the collection list (getInventory is the ledger's: rewards). */
export const collectiblesActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'getCollection',
    input: getCollectionInput,
    auth: 'member',
    async handler({ sCollectionID, iPage, iPageSize }, { deps, user }): Promise<CollectionAnswer | Refusal> {
      const found = await memberCollection(deps.db, user.id, sCollectionID, { page: iPage, size: iPageSize });
      if (!found) return fail(ErrorCode.NOT_FOUND);
      return {
        iErrorCode: ErrorCode.OK,
        sContractAddress: deps.config.contractAddress,
        pCollection: found.collection,
        aItems: found.items,
        iCount: found.count,
        bMore: found.more,
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getItem',
    input: getItemInput,
    auth: 'member',
    async handler({ sItemID }, { deps, user }): Promise<ItemAnswer | Refusal> {
      // Another member's item answers exactly like a missing one: no way to probe who owns what.
      const owned = await ownedItem(deps.db, user.id, sItemID);
      if (!owned) return fail(ErrorCode.NOT_FOUND);
      // Opened: no longer "new" in the inventory.
      await markItemOpened(deps.db, owned.id, deps.clock.now());
      return { iErrorCode: ErrorCode.OK, sContractAddress: deps.config.contractAddress, pItem: owned.view };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getPublicItem',
    input: getPublicItemInput,
    auth: 'public',
    async handler({ sItemID }, { deps }): Promise<ItemAnswer | Refusal> {
      // Public by design: a shared /viewer link. The view carries nothing about the owner.
      const pItem = await publicCollectible(deps.db, sItemID);
      if (!pItem) return fail(ErrorCode.NOT_FOUND);
      // The share page names who holds it (a username, as chat shows it); nothing else about the owner.
      const sOwnerUserName = (await ownerUserName(deps.db, sItemID)) ?? '';
      return { iErrorCode: ErrorCode.OK, sContractAddress: deps.config.contractAddress, pItem, sOwnerUserName };
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
  defineAction({
    service: 'portal',
    name: 'setAvatar',
    input: setAvatarInput,
    auth: 'member',
    async handler({ sItemID }, { deps, user }): Promise<Answer> {
      if (!(await setAvatar(deps.db, user.id, sItemID, deps.clock.now()))) return fail(ErrorCode.NOT_YOUR_COLLECTIBLE);
      announceAvatarChanged(deps.bus, user.id);
      return { iErrorCode: ErrorCode.OK };
    },
  }),
];
