import { AGENT_TEMPLATE_ID } from '../../../protocol/collectibles';
import { readInPages } from '../../shared/batches';
import type { Bus } from '../../shared/bus';
import { findItemsByIds, findOwnedItem } from './items';
import { mediaUrl } from './media';
import type { CollectiblesDb } from './tables';
import { firstItemImages } from './views';

/**
 * A member's avatar (issue 28, decision 0185): one of their own Agents, kept as a pointer at the
 * item. Read through a join on the owner, so an item the member no longer holds falls back to the
 * default (their first Agent's art) without anything having to clear the choice.
 */

/** Sets the avatar to one of the member's own Agents ('' clears it); false when it is not theirs. */
export async function setAvatar(db: CollectiblesDb, userId: string, publicId: string, now: number): Promise<boolean> {
  if (publicId === '') {
    await db.deleteFrom('member_avatar').where('user_id', '=', userId).execute();
    return true;
  }
  const row = await findOwnedItem(db, userId, publicId);
  if (!row || row.collection_id !== AGENT_TEMPLATE_ID) return false;
  await db
    .insertInto('member_avatar')
    .values({ user_id: userId, item_id: Number(row.id), set_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ item_id: Number(row.id), set_at: now }))
    .execute();
  return true;
}

/** The chosen Agent of each member that still owns it: item public id and art. */
async function chosenAvatars(
  db: CollectiblesDb,
  userIds: readonly string[],
): Promise<Map<string, { itemId: string; image: string }>> {
  if (userIds.length === 0) return new Map();
  const chosen = await readInPages(userIds, (page) =>
    db
      .selectFrom('member_avatar')
      .innerJoin('item', 'item.id', 'member_avatar.item_id')
      .select(['member_avatar.user_id', 'member_avatar.item_id'])
      .where('member_avatar.user_id', 'in', page)
      .whereRef('item.owner_user_id', '=', 'member_avatar.user_id')
      .execute(),
  );
  const rows = await findItemsByIds(
    db,
    chosen.map((c) => Number(c.item_id)),
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const out = new Map<string, { itemId: string; image: string }>();
  for (const c of chosen) {
    const row = byId.get(Number(c.item_id));
    if (row) out.set(c.user_id, { itemId: row.public_id, image: mediaUrl(row.image) });
  }
  return out;
}

/** Each member's avatar art: the chosen Agent while they own it, else their first Agent ('' without one). */
export async function avatarImages(db: CollectiblesDb, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const chosen = await chosenAvatars(db, userIds);
  const rest = [...new Set(userIds)].filter((id) => !chosen.has(id));
  const defaults = await firstItemImages(db, rest, AGENT_TEMPLATE_ID);
  const out = new Map(defaults);
  for (const [id, c] of chosen) out.set(id, c.image);
  return out;
}

/** The member's avatar as pUserData carries it: the chosen item ('' for the default) and the art. */
export async function avatarOf(
  db: CollectiblesDb,
  userId: string,
): Promise<{ sAvatarItemID: string; sAvatar: string }> {
  const chosen = (await chosenAvatars(db, [userId])).get(userId);
  if (chosen) return { sAvatarItemID: chosen.itemId, sAvatar: chosen.image };
  return { sAvatarItemID: '', sAvatar: (await firstItemImages(db, [userId], AGENT_TEMPLATE_ID)).get(userId) ?? '' };
}

/** The bus topic of a changed avatar: whoever remembers avatars (chat's authors) forgets that member's. */
const AVATAR_TOPIC = 'avatars';

export function announceAvatarChanged(bus: Bus, userId: string): void {
  bus.publish(AVATAR_TOPIC, { u: userId });
}

export function onAvatarChanged(bus: Bus, handler: (userId: string) => void): () => void {
  return bus.subscribe(AVATAR_TOPIC, (message) => {
    const id = (message as { u?: unknown }).u;
    if (typeof id === 'string') handler(id);
  });
}
