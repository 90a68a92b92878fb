import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readInPages } from '../../shared/batches';
import { inTransaction } from '../../shared/transaction';
import { normalizeTraits } from './rarity';
import type { CollectiblesDb, CollectionTable, TemplateTable } from './tables';

/**
 * The demo content shipped in the repository (content/): collections, templates and their
 * media, seeded at every start so a fresh install looks alive and a release updates its own rows.
 */
export const CONTENT_DIR = fileURLToPath(new URL('../../../../content/', import.meta.url));
export const MEDIA_DIR = path.join(CONTENT_DIR, 'media');

const id = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/);
const mediaPath = z.string().regex(/^[a-z0-9][a-z0-9/_.-]*$/, 'a path under content/media');

const catalogSchema = z.object({
  collections: z.array(
    z.object({ id, name: z.string().min(1).max(200), descriptionFile: z.string(), sort: z.number().int() }),
  ),
  templates: z.array(
    z.object({
      id,
      collection: id,
      name: z.string().min(1).max(200),
      descriptionFile: z.string(),
      image: mediaPath,
      animation: z.object({ file: mediaPath, mimeType: z.string().regex(/^video\/[a-z0-9.+-]+$/) }).optional(),
      pool: z.enum(['register-agent', 'register-art', 'demo-agent']).optional(),
      sort: z.number().int(),
      attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
    }),
  ),
});

export type Catalog = z.infer<typeof catalogSchema>;

export function readCatalog(dir = CONTENT_DIR): Catalog & { text(file: string): string } {
  const catalog = catalogSchema.parse(JSON.parse(readFileSync(path.join(dir, 'catalog.json'), 'utf8')));
  return { ...catalog, text: (file) => readFileSync(path.join(dir, file), 'utf8').trim() };
}

/** Upserts the shipped collections and templates in one transaction (safe when two servers start at once). */
export async function seedCatalog(db: CollectiblesDb, now: number, dir = CONTENT_DIR): Promise<void> {
  const catalog = readCatalog(dir);
  await inTransaction(db, async (trx) => {
    for (const c of catalog.collections) {
      await upsertCollection(
        trx,
        { id: c.id, name: c.name, description: catalog.text(c.descriptionFile), sort: c.sort },
        now,
      );
    }
    for (const t of catalog.templates) {
      await upsertTemplate(
        trx,
        {
          id: t.id,
          collection_id: t.collection,
          name: t.name,
          description: catalog.text(t.descriptionFile),
          image: t.image,
          animation_url: t.animation?.file ?? null,
          animation_url_mime_type: t.animation?.mimeType ?? null,
          attributes: JSON.stringify(normalizeTraits(t.attributes)),
          grant_pool: t.pool ?? null,
          sort: t.sort,
        },
        now,
      );
    }
  });
}

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

/** A collection as the catalogue reads and seeds it (its table row without the timestamp). */
export type CollectionRow = Omit<CollectionTable, 'created_at'>;

export type TemplateSeed = Omit<TemplateTable, 'created_at'>;

/** Shipped content is the source of truth for its own rows: a newer release updates them. */
async function upsertCollection(db: CollectiblesDb, row: CollectionRow, now: number): Promise<void> {
  const { id, ...fields } = row;
  await db
    .insertInto('collection')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet(fields))
    .execute();
}

async function upsertTemplate(db: CollectiblesDb, row: TemplateSeed, now: number): Promise<void> {
  const { id, ...fields } = row;
  await db
    .insertInto('template')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet(fields))
    .execute();
}

export function listCollectionRows(db: CollectiblesDb): Promise<CollectionRow[]> {
  return db
    .selectFrom('collection')
    .select(['id', 'name', 'description', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findCollectionRow(db: CollectiblesDb, id: string): Promise<CollectionRow | undefined> {
  return db
    .selectFrom('collection')
    .select(['id', 'name', 'description', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countTemplatesByCollection(db: CollectiblesDb): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('template')
    .select(['collection_id', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('collection_id')
    .execute();
  return new Map(rows.map((r) => [r.collection_id, Number(r.count)]));
}

export interface TemplateSummary {
  name: string;
  /** Media reference (mediaUrl makes it a URL). */
  image: string;
  collectionId: string;
}

/** What other capabilities show of templates (raffle prizes, store items): name, art and collection, by id. */
export async function templateSummaries(
  db: CollectiblesDb,
  ids: readonly string[],
): Promise<Map<string, TemplateSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await readInPages(ids, (page) =>
    db.selectFrom('template').select(['id', 'name', 'image', 'collection_id']).where('id', 'in', page).execute(),
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, image: r.image, collectionId: r.collection_id }]));
}

/** Every template with its art and collection, in catalogue order: what an operator picks a prize or a store item's art from. */
export async function templateChoices(
  db: CollectiblesDb,
): Promise<Array<TemplateSummary & { id: string; collectionName: string }>> {
  return db
    .selectFrom('template')
    .innerJoin('collection', 'collection.id', 'template.collection_id')
    .select([
      'template.id as id',
      'template.name as name',
      'template.image as image',
      'template.collection_id as collectionId',
      'collection.name as collectionName',
    ])
    .orderBy('collection.sort')
    .orderBy('template.sort')
    .orderBy('template.id')
    .execute();
}
