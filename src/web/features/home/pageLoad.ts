import { AGENT_TEMPLATE_ID, type CollectionAnswer, HOME_AGENTS } from '../../../protocol/collectibles';
import { mediaUrl } from '../../api/media';
import type { RouteQuery } from '../../lib/pageLoad';
import { collectiblesKeys } from '../collectibles/api/keys';

/**
 * What /home asks for with a member's page load (lib/pageLoad), beside their data: the dashboard
 * shows their Agents, and its largest paint is the first one's art. That art starts downloading as
 * soon as the collection answers, while the app's scripts are still on their way (the card's <img>
 * then finds it in the memory cache). On a reload that paints from the persisted cache, the cached
 * answer is heard first, before any request answers (lib/pageLoad). The screen's loader asks for
 * the same query (HomeScreen.tsx).
 */
const preloaded = new Set<string>();

export const homePageLoad: readonly RouteQuery[] = [
  {
    queryKey: collectiblesKeys.collectionFirst(AGENT_TEMPLATE_ID, HOME_AGENTS),
    action: 'getCollection',
    fields: { sCollectionID: AGENT_TEMPLATE_ID, iPageSize: HOME_AGENTS },
    heard: (answer) => {
      const image = (answer as Partial<CollectionAnswer>).aItems?.[0]?.publicMetadata.image;
      if (!image) return;
      const href = mediaUrl(image);
      // Heard twice on a reload that paints from the cache: from the cache, then from the answer.
      if (preloaded.has(href)) return;
      preloaded.add(href);
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = href;
      link.fetchPriority = 'high';
      document.head.append(link);
    },
  },
];
