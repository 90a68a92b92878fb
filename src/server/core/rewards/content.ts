import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { upsertCollection, upsertTemplate } from './catalogRepo';
import { type DbOrTrx, inTransaction } from './db';
import { normalizeTraits } from './rarity';

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
export async function seedCatalog(db: DbOrTrx, now: number, dir = CONTENT_DIR): Promise<void> {
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
