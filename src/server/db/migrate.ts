import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { MigrationFactory } from '../capability';
import type { DialectName } from './index';
import { LEGACY_MIGRATIONS } from './migrations';

const TABLE = 'kysely_migration';

/**
 * Runs the given migrations (platform first, then each capability's, in capability order) up to
 * the newest. Each capability numbers its own, so a new one of an early capability may come after
 * a later capability's that already ran: the list order, not the name, decides.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName, list: Array<[string, MigrationFactory]>) {
  await renameLegacyMigrations(db);
  const position = new Map(list.map(([name], index) => [name, index]));
  const provider: MigrationProvider = {
    async getMigrations() {
      const all: Record<string, Migration> = {};
      for (const [name, make] of list) all[name] = make(dialect);
      return all;
    },
  };
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    nameComparator: (a, b) =>
      (position.get(a) ?? Number.MAX_SAFE_INTEGER) - (position.get(b) ?? Number.MAX_SAFE_INTEGER),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the migration table is Kysely's, not ours
async function renameLegacyMigrations(db: Kysely<any>): Promise<void> {
  const names = await db
    .selectFrom(TABLE)
    .select('name')
    .execute()
    .then((rows: Array<{ name: string }>) => new Set(rows.map((r) => r.name)))
    .catch(() => new Set<string>()); // a fresh database has no migration table yet
  const legacy = LEGACY_MIGRATIONS.before.filter((name) => names.has(name));
  if (legacy.length === 0) return;
  if (legacy.length !== LEGACY_MIGRATIONS.before.length) {
    throw new Error(`Unexpected migration history (${legacy.join(', ')}): restore a complete backup`);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom(TABLE)
      .where('name', 'in', [...LEGACY_MIGRATIONS.before])
      .execute();
    const timestamp = new Date().toISOString();
    await trx
      .insertInto(TABLE)
      .values(LEGACY_MIGRATIONS.after.map((name) => ({ name, timestamp })))
      .execute();
  });
}
