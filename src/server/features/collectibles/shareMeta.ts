import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { itemRarity } from '../../../protocol/collectibles';
import { ROUTES } from '../../../protocol/routes';
import type { AppContext } from '../../capability';
import { appDocument, type ShareTag, shareHead, withShareHead } from '../../http/shareHead';
import { usernamesOf } from '../identity/index';
import { MEDIA_DIR } from './catalogue';
import { MEDIA_PREFIX, mediaUrl } from './media';
import type { CollectiblesDb, CollectiblesTables } from './tables';
import { publicCollectible } from './views';

/** The owner's username of a shared item (the share page names who holds it), or null. */
export async function ownerUserName(db: CollectiblesDb, publicId: string): Promise<string | null> {
  const row = await db.selectFrom('item').select('owner_user_id').where('public_id', '=', publicId).executeTakeFirst();
  if (!row) return null;
  return (await usernamesOf(db, [row.owner_user_id])).get(row.owner_user_id) ?? null;
}

/** Plain text of a Markdown description, short enough for a link preview. */
function summary(markdown: string, max = 180): string {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The link preview of an item's art: its PNG of 1200×630 under /media/previews/ (made from the SVG
 * by content/tools/previews.ts), or the portal's own when the art has none (an operator's URL).
 */
export function previewImage(image: string, mediaDir = MEDIA_DIR): string {
  const at = image.indexOf(MEDIA_PREFIX);
  const relative = at < 0 ? '' : (image.slice(at + MEDIA_PREFIX.length).split('?')[0] ?? '');
  const preview = `previews/${relative.replace(/\.(svg|png|jpe?g|webp)$/, '')}.png`;
  const found = relative !== '' && !relative.includes('..') && existsSync(path.join(mediaDir, preview));
  return mediaUrl(found ? preview : 'previews/portal.png');
}

const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,40}$/;

/** The Open Graph and Twitter card tags of a shared item: chat apps preview the link without running the app. */
export function shareMetaTags(input: {
  name: string;
  rarity: string;
  image: string;
  description: string;
  owner: string | null;
  url: string;
}): string {
  const title = `${input.name} (${input.rarity}) · Cthulhu Portal`;
  const description =
    `${input.owner ? `Held by ${input.owner}. ` : ''}${summary(input.description)} Join the club and get your free Agent.`.trim();
  const tags: ShareTag[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Cthulhu Portal'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', input.image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['property', 'og:url', input.url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', input.image],
    ['name', 'description', description],
  ];
  return shareHead(title, tags);
}

/**
 * GET /viewer?sItemID=…: the app's index.html with the item's title and preview tags in its head
 * (registered before the static files, so this answers first; any other /viewer gets the plain page).
 */
export function registerShareMeta(app: FastifyInstance, ctx: AppContext<CollectiblesTables>): void {
  const page = appDocument(ctx.config.webDist);
  // Runs before every request: anything but a viewer page leaves at once, synchronously.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    const [pathname, query = ''] = req.url.split('?');
    if (pathname !== ROUTES.viewer && pathname !== `${ROUTES.viewer}/`) return done();
    answerWithTags(query, reply).then((sent) => {
      if (!sent) done();
    }, done);
  });

  /** The viewer page with the item's tags; false when it has none (unknown item, app not built). */
  async function answerWithTags(query: string, reply: FastifyReply): Promise<boolean> {
    const params = new URLSearchParams(query);
    const sItemID = params.get('sItemID') ?? '';
    // The sharer's referral code stays in the link apps open (some open og:url, not the shared address).
    const rb = params.get('rb') ?? '';
    if (!/^[a-z2-9]{16}$/.test(sItemID)) return false;
    let html: string;
    try {
      html = page();
    } catch {
      return false; // the web app is not built: the static layer says so
    }
    const item = await publicCollectible(ctx.db, sItemID);
    if (!item) return false;
    const owner = await ownerUserName(ctx.db, sItemID);
    const base = ctx.config.publicUrl;
    const preview = previewImage(item.publicMetadata.image);
    const image = preview.startsWith('http') ? preview : `${base}${preview}`;
    const tags = shareMetaTags({
      name: item.publicMetadata.name,
      rarity: itemRarity(item).tier,
      image,
      description: item.publicMetadata.description,
      owner,
      url: `${base}${ROUTES.viewer}?sItemID=${sItemID}${REFERRAL_CODE.test(rb) ? `&rb=${rb}` : ''}`,
    });
    const withTags = withShareHead(html, tags);
    reply.header('Cache-Control', 'no-cache');
    reply.type('text/html; charset=utf-8').send(withTags);
    return true;
  }
}
