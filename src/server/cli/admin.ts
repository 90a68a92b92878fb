import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { migrateToLatest } from '../db/migrate';
import { runAdmin } from './commands';

/** `npm run admin -- …`: the operator tool (DESIGN.md §10). */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db, database.dialect);
  const { output, exitCode } = await runAdmin(process.argv.slice(2), {
    db: database.db,
    now: () => Date.now(),
    actor: `cli:${process.env.USER ?? 'operator'}`,
  });
  if (output) console.log(output);
  process.exitCode = exitCode;
} finally {
  await database.close();
}
