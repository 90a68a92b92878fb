import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DialectName } from './index';
import { migrations } from './migrations';

/** Runs the portal's versioned migrations (both dialects) up to the newest. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const all: Record<string, Migration> = {};
      for (const [name, make] of Object.entries(migrations)) all[name] = make(dialect);
      return all;
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
