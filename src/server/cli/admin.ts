import { prepareDatabase } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { runAdmin } from './commands';

/** `npm run admin -- …`: the operator tool (docs/product.md §17). */
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  // The same schema and shipped content the server prepares: the tool also works on a database the server never opened.
  await prepareDatabase(database, config, Date.now());
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
