import { createAuth, migrateAuth } from '../auth/index';
import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { migrateToLatest } from '../db/migrate';
import { runAdmin } from './commands';

/** `npm run admin -- …`: the operator tool (DESIGN.md §10). */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  // The same schema the server builds, so the tool also works on a database the server never opened.
  await migrateToLatest(database.db, database.dialect);
  const noMail = async () => {
    throw new Error('The operator tool sends no mail');
  };
  const auth = createAuth({
    config,
    db: database.db,
    dialect: database.dialect,
    mail: { verifyEmail: noMail, resetPassword: noMail, changeEmail: noMail },
  });
  await migrateAuth(auth);
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
