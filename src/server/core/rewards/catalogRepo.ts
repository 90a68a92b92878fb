import type { CollectionTable, TemplateTable } from '../../db/tables/rewards';
import type { DbOrTrx } from './db';

/** A collection as the catalogue reads and seeds it (its table row without the timestamp). */
export type CollectionRow = Omit<CollectionTable, 'created_at'>;

export type TemplateSeed = Omit<TemplateTable, 'created_at'>;

/** Shipped content is the source of truth for its own rows: a newer release updates them. */
export async function upsertCollection(db: DbOrTrx, row: CollectionRow, now: number): Promise<void> {
  const { id, ...fields } = row;
  await db
    .insertInto('collection')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet(fields))
    .execute();
}

export async function upsertTemplate(db: DbOrTrx, row: TemplateSeed, now: number): Promise<void> {
  const { id, ...fields } = row;
  await db
    .insertInto('template')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet(fields))
    .execute();
}

export function listCollectionRows(db: DbOrTrx): Promise<CollectionRow[]> {
  return db
    .selectFrom('collection')
    .select(['id', 'name', 'description', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findCollectionRow(db: DbOrTrx, id: string): Promise<CollectionRow | undefined> {
  return db
    .selectFrom('collection')
    .select(['id', 'name', 'description', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countTemplatesByCollection(db: DbOrTrx): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('template')
    .select(['collection_id', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('collection_id')
    .execute();
  return new Map(rows.map((r) => [r.collection_id, Number(r.count)]));
}
