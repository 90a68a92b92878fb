import { GAME_IDS } from '../../../protocol/games';
import type { ProfileItem, PublicProfile } from '../../../protocol/profiles';
import { avatarImages, ownedCollectible } from '../collectibles/index';
import { memberBestScores } from '../games/index';
import { isErased, userIdsByUsernames, usernamesOf } from '../identity/index';
import { memberRaffleHistory } from '../raffle/index';
import type { ProfilesDb } from './tables';

const GAME_NAMES: Record<string, string> = {
  [GAME_IDS.monsterBreaker]: 'Monster Breaker',
  [GAME_IDS.curseBreaker]: 'Curse Breaker',
};
/** How far back the page looks for raffle wins. */
const RAFFLES_LOOKED_AT = 200;

export async function profileSettings(
  db: ProfilesDb,
  userId: string,
): Promise<{ isPublic: boolean; showcase: string[] }> {
  const row = await db
    .selectFrom('profile')
    .select(['public', 'showcase'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { isPublic: false, showcase: [] };
  const parsed: unknown = JSON.parse(row.showcase);
  return {
    isPublic: Number(row.public) === 1,
    showcase: Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [],
  };
}

/** The showcased items the member still owns, in their order. */
async function showcaseItems(db: ProfilesDb, userId: string, ids: readonly string[]): Promise<ProfileItem[]> {
  const views = await Promise.all(ids.map((id) => ownedCollectible(db, userId, id)));
  return views.flatMap((view) => {
    if (!view) return [];
    const rarity = view.publicMetadata.attributes.find((a) => a.trait_type === 'Rarity');
    return [
      {
        sItemID: view.sItemID,
        sName: view.publicMetadata.name,
        sImage: view.publicMetadata.image,
        sRarity: rarity ? String(rarity.value) : '',
      },
    ];
  });
}

/** The ids of the showcase the member still owns (what /account shows as chosen). */
export async function ownedShowcase(db: ProfilesDb, userId: string, ids: readonly string[]): Promise<string[]> {
  return (await showcaseItems(db, userId, ids)).map((item) => item.sItemID);
}

/** Saves the settings; the first id the member does not own, or null when saved. */
export async function saveProfile(
  db: ProfilesDb,
  userId: string,
  settings: { isPublic: boolean; showcase: string[] },
  now: number,
): Promise<string | null> {
  const owned = new Set(await ownedShowcase(db, userId, settings.showcase));
  const notOwned = settings.showcase.find((id) => !owned.has(id));
  if (notOwned) return notOwned;
  const values = { public: settings.isPublic ? 1 : 0, showcase: JSON.stringify(settings.showcase), updated_at: now };
  await db
    .insertInto('profile')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return null;
}

/** The public page of a member by username; undefined when unknown, off or erased (all alike). */
export async function publicProfile(db: ProfilesDb, userName: string): Promise<PublicProfile | undefined> {
  const [userId] = await userIdsByUsernames(db, [userName]);
  if (!userId) return undefined;
  const settings = await profileSettings(db, userId);
  if (!settings.isPublic || (await isErased(db, userId))) return undefined;
  const [names, avatars, aItems, scores, raffles] = await Promise.all([
    usernamesOf(db, [userId]),
    avatarImages(db, [userId]),
    showcaseItems(db, userId, settings.showcase),
    memberBestScores(db, userId),
    memberRaffleHistory(db, userId, { offset: 0, limit: RAFFLES_LOOKED_AT }),
  ]);
  return {
    sUserName: names.get(userId) ?? userName,
    sAvatar: avatars.get(userId) ?? '',
    aItems,
    aBestScores: scores
      .filter((s) => s.best > 0)
      .map((s) => ({ sGameID: s.gameId, sGameName: GAME_NAMES[s.gameId] ?? s.gameId, iScore: s.best })),
    aRaffleWins: raffles
      .filter((r) => r.status === 'drawn')
      .flatMap((r) => r.prizesWon.map((sPrize) => ({ sRaffleTitle: r.title, sPrize }))),
  };
}
