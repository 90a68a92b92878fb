import { type Capability, forOtherCapabilities } from '../../capability';
import { collectiblesActions } from './actions';
import { avatarImages as avatarImagesOwn, avatarOf } from './avatar';
import {
  seedCatalog,
  templateChoices as templateChoicesOwn,
  templateSummaries as templateSummariesOwn,
} from './catalogue';
import { collectiblesCli } from './cli';
import { collectionList as collectionListOwn, holdersAmong as holdersAmongOwn } from './holders';
import {
  createItem as createItemOwn,
  itemOwners as itemOwnersOwn,
  itemTemplateIds as itemTemplateIdsOwn,
  listPoolTemplateIds as listPoolTemplateIdsOwn,
  rememberCounts,
  takeBackItem as takeBackItemOwn,
  transferItem as transferItemOwn,
} from './items';
import { configureMedia, registerMedia } from './media';
import { collectiblesMigrations } from './migrations';
import { mintJob, countUnminted as mintQueueDepthOwn } from './mint';
import { registerShareMeta } from './shareMeta';
import type { CollectiblesTables } from './tables';
import {
  collectiblesByIds as collectiblesByIdsOwn,
  firstItemImages as firstItemImagesOwn,
  memberInventory as memberInventoryOwn,
  ownedCollectible as ownedCollectibleOwn,
  ownedItem as ownedItemOwn,
} from './views';

/**
 * Collectibles (docs/product.md §3, §11): collections and templates (shipped in content/), items
 * with live trait rarity, their media, and the mint queue that gives them token ids.
 */
export const collectibles: Capability<CollectiblesTables> = {
  name: 'collectibles',
  uses: ['identity'],
  migrations: collectiblesMigrations,
  cli: collectiblesCli,
  async seed(ctx) {
    configureMedia(ctx.config);
    await seedCatalog(ctx.db, ctx.now);
  },
  start(ctx) {
    configureMedia(ctx.config);
    rememberCounts(ctx.db, ctx.config.settingsCacheMs);
    return {
      actions: collectiblesActions,
      routes: (app) => {
        registerMedia(app);
        registerShareMeta(app, ctx);
      },
      jobs: [mintJob(ctx)],
      userData: (userId) => avatarOf(ctx.db, userId),
      async eraseMember(trx, member) {
        await trx.deleteFrom('member_avatar').where('user_id', '=', member.userId).execute();
      },
    };
  },
};

export { onAvatarChanged } from './avatar';
export { mediaUrl } from './media';
export { previewImage } from './shareMeta';
export type { CollectiblesTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const templateSummaries = forOtherCapabilities(templateSummariesOwn);
export const templateChoices = forOtherCapabilities(templateChoicesOwn);
export const createItem = forOtherCapabilities(createItemOwn);
export const takeBackItem = forOtherCapabilities(takeBackItemOwn);
/** Trading (issue 39): an item changes hands while its holder still holds it; where items are. */
export const transferItem = forOtherCapabilities(transferItemOwn);
export const itemOwners = forOtherCapabilities(itemOwnersOwn);
export const listPoolTemplateIds = forOtherCapabilities(listPoolTemplateIdsOwn);
export const itemTemplateIds = forOtherCapabilities(itemTemplateIdsOwn);
export const collectiblesByIds = forOtherCapabilities(collectiblesByIdsOwn);
export const firstItemImages = forOtherCapabilities(firstItemImagesOwn);
export const avatarImages = forOtherCapabilities(avatarImagesOwn);
export const memberInventory = forOtherCapabilities(memberInventoryOwn);
export const ownedCollectible = forOtherCapabilities(ownedCollectibleOwn);
export const ownedItem = forOtherCapabilities(ownedItemOwn);

/** The console's status page (issue 29): the mint queue's depth. */
export const mintQueueDepth = forOtherCapabilities(mintQueueDepthOwn);
/** Announcements (issue 29): a segment's "holds a collection". */
export const holdersAmong = forOtherCapabilities(holdersAmongOwn);
export const collectionList = forOtherCapabilities(collectionListOwn);
