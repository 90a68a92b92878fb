import type { ChatItemCard, ChatMessage } from '../../../protocol/chat';
import type { Collectible } from '../../../protocol/collectibles';
import { avatarImages, collectiblesByIds } from '../collectibles/index';
import { usernamesOf } from '../identity/index';
import { type MessageRow, parseMentions } from './messages';
import type { ChatDb } from './tables';

export interface Author {
  name: string;
  /** Their avatar's art (the chosen Agent, else their first; '' without one). */
  avatar: string;
}

const AUTHOR_TTL_MS = 60_000;
const AUTHOR_CACHE_MAX = 20_000;

/**
 * Authors as chat shows them: the username (identity's) and the avatar's art (collectibles'),
 * remembered for a minute so a busy channel does not look them up on every message.
 */
export class Authors {
  private readonly cache = new Map<string, Author & { at: number }>();

  constructor(
    private readonly db: ChatDb,
    private readonly now: () => number = Date.now,
  ) {}

  async get(userIds: readonly string[]): Promise<Map<string, Author>> {
    const now = this.now();
    const out = new Map<string, Author>();
    const missing: string[] = [];
    for (const id of new Set(userIds)) {
      const known = this.cache.get(id);
      if (known && now - known.at < AUTHOR_TTL_MS) out.set(id, known);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const [names, avatars] = await Promise.all([usernamesOf(this.db, missing), avatarImages(this.db, missing)]);
    if (this.cache.size + missing.length > AUTHOR_CACHE_MAX) this.cache.clear();
    for (const id of missing) {
      const author = { name: names.get(id) ?? 'unknown', avatar: avatars.get(id) ?? '' };
      this.cache.set(id, { ...author, at: now });
      out.set(id, author);
    }
    return out;
  }

  async one(userId: string): Promise<Author> {
    return (await this.get([userId])).get(userId) as Author;
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }
}

export function itemCard(item: Collectible): ChatItemCard {
  const rarity = item.publicMetadata.attributes.find((a) => a.trait_type === 'Rarity');
  return {
    sItemID: item.sItemID,
    sName: item.publicMetadata.name,
    sImage: item.publicMetadata.image,
    sRarity: rarity ? String(rarity.value) : '',
  };
}

export function messageView(row: MessageRow, author: Author, item: ChatItemCard | null): ChatMessage {
  return {
    iMessageID: row.id,
    sChannelID: row.channel_id,
    sUserName: author.name,
    sAvatar: author.avatar,
    sText: row.body,
    iCreatedAt: row.created_at,
    iEditedAt: row.edited_at,
    aMentions: parseMentions(row.mentions),
    pItem: item,
  };
}

/** Messages as members see them: authors and Howl cards looked up once for the whole list. */
export async function messageViews(db: ChatDb, authors: Authors, rows: readonly MessageRow[]): Promise<ChatMessage[]> {
  if (rows.length === 0) return [];
  const itemIds = [...new Set(rows.flatMap((r) => (r.item_id === null ? [] : [r.item_id])))];
  const [byAuthor, items] = await Promise.all([
    authors.get(rows.map((r) => r.user_id)),
    itemIds.length > 0 ? collectiblesByIds(db, itemIds) : Promise.resolve(new Map<number, Collectible>()),
  ]);
  return rows.map((row) => {
    const item = row.item_id === null ? undefined : items.get(row.item_id);
    return messageView(row, byAuthor.get(row.user_id) as Author, item ? itemCard(item) : null);
  });
}
