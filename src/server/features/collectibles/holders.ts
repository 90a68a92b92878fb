import { readInPages } from '../../shared/batches';
import type { CollectiblesDb } from './tables';

/** Of these members, the ones holding at least one item of the collection (an announcement's segment, issue 29). */
export async function holdersAmong(
  db: CollectiblesDb,
  collectionId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await readInPages(userIds, (page) =>
    db
      .selectFrom('item')
      .select('owner_user_id')
      .distinct()
      .where('collection_id', '=', collectionId)
      .where('owner_user_id', 'in', page)
      .execute(),
  );
  return new Set(rows.map((r) => r.owner_user_id));
}

/** Every collection's id and name, in the catalogue's order. */
export async function collectionList(db: CollectiblesDb): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('collection').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}
