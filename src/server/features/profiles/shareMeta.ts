import type { FastifyInstance } from 'fastify';
import { type PublicProfile, profilePath, profileUserName } from '../../../protocol/profiles';
import type { AppContext } from '../../capability';
import { appDocument, type ShareTag, shareHead, withShareHead } from '../../http/shareHead';
import { previewImage } from '../collectibles/index';
import { publicProfile } from './profile';
import type { ProfilesTables } from './tables';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The title and preview tags of a profile page (every value escaped: names and item names are members' data). */
export function profileMetaTags(profile: PublicProfile, base: string): string {
  const title = `${profile.sUserName} · Cthulhu Portal`;
  const best = profile.aBestScores.reduce((top, s) => Math.max(top, s.iScore), 0);
  const description = [
    profile.aItems.length > 0
      ? `${profile.sUserName} shows ${profile.aItems
          .slice(0, 3)
          .map((item) => item.sName)
          .join(
            ', ',
          )}${profile.aItems.length > 3 ? ` and ${plural(profile.aItems.length - 3, 'more collectible')}` : ''}`
      : `${profile.sUserName} on Cthulhu Portal`,
    best > 0 ? `best score ${best}` : '',
    profile.aRaffleWins.length > 0 ? plural(profile.aRaffleWins.length, 'raffle win') : '',
  ]
    .filter(Boolean)
    .join(', ')
    .concat('. Join the club and get your free Agent.');
  // Link previews take a raster image: the avatar's (or first showcased Agent's) PNG preview.
  const preview = previewImage(profile.sAvatar || profile.aItems[0]?.sImage || '');
  const image = preview.startsWith('http') ? preview : `${base}${preview}`;
  const tags: ShareTag[] = [
    ['property', 'og:type', 'profile'],
    ['property', 'og:site_name', 'Cthulhu Portal'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${base}${profilePath(profile.sUserName)}`],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:image', image],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  return shareHead(title, tags);
}

/**
 * GET /u/<username>: the app's document with the profile's title and preview tags; a profile that
 * is off, unknown or erased gets the same document as 404 with a "not found" title and noindex.
 */
export function registerProfilePages(app: FastifyInstance, ctx: AppContext<ProfilesTables>): void {
  const page = appDocument(ctx.config.webDist);
  // Runs before every request: anything but a profile path leaves at once, synchronously.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    const query = req.url.indexOf('?');
    const userName = profileUserName(query === -1 ? req.url : req.url.slice(0, query));
    if (userName === null) return done();
    let html: string;
    try {
      html = page();
    } catch {
      return done(); // the web app is not built: the static layer says so
    }
    publicProfile(ctx.db, userName).then((profile) => {
      const head = profile
        ? profileMetaTags(profile, ctx.config.publicUrl)
        : '<title>Profile not found · Cthulhu Portal</title>\n    <meta name="robots" content="noindex">';
      reply.header('Cache-Control', 'no-cache');
      reply
        .code(profile ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(withShareHead(html, head));
    }, done);
  });
}
