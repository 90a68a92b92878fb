import type { Capability } from '../../capability';
import { collectiblesActions } from './actions';
import { seedCatalog } from './catalogue';
import { collectiblesCli } from './cli';
import { rememberCounts } from './items';
import { configureMedia, registerMedia } from './media';
import { collectiblesMigrations } from './migrations';
import { mintJob } from './mint';
import { registerShareMeta } from './shareMeta';

/**
 * Collectibles (docs/product.md §3, §11): collections and templates (shipped in content/), items
 * with live trait rarity, their media, and the mint queue that gives them token ids.
 */
export const collectibles: Capability = {
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
    };
  },
};

export { templateSummaries } from './catalogue';
export { createItem, itemTemplateIds, listPoolTemplateIds } from './items';
export { mediaUrl } from './media';
export type { CollectiblesTables } from './tables';
export { collectiblesByIds, firstItemImages, memberInventory, ownedCollectible, ownedItem } from './views';
