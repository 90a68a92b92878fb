import { prepareDatabase } from '../app';
import { loadConfig } from '../config';
import { backupDatabase, defaultBackupFile, exportMember, restoreDatabase } from '../db/backup';
import { openDatabase } from '../db/index';
import { capabilities, type Database } from '../features/index';
import { outboxMailer, smtpMailer } from '../mail/index';
import { announceSettingsChanged } from '../shared/settingsBus';
import { helpAnswer, runAdmin } from './commands';

/**
 * `npm run admin -- …`: the operator tool (docs/product.md §17), plus the platform's own
 * commands (docs/deploy.md): `backup [FILE]`, `restore FILE` (every instance stopped first),
 * `export-member USER` (JSON of everything kept about one member).
 */
const config = loadConfig();
const [group, ...args] = process.argv.slice(2);
// Help needs no database: answered before one is opened.
const help = helpAnswer(process.argv.slice(2));

if (help) {
  console.log(help.output);
  process.exitCode = help.exitCode;
} else if (group === 'restore') {
  const file = args[0];
  if (!file) {
    console.log('usage: npm run admin -- restore FILE   (stop every instance first)');
    process.exitCode = 2;
  } else {
    await restoreDatabase(
      /^postgres(ql)?:\/\//.test(config.databaseUrl) ? 'postgres' : 'sqlite',
      config.databaseUrl,
      file,
    );
    console.log(`restored ${file}`);
  }
} else {
  const database = openDatabase<Database>(config.databaseUrl);
  try {
    if (group === 'backup') {
      const file = await backupDatabase(
        database,
        config.databaseUrl,
        args[0] ?? defaultBackupFile(database.dialect, new Date()),
      );
      console.log(`backup written to ${file}`);
    } else {
      // The same schema and shipped content the server prepares: the tool also works on a database the server never opened.
      await prepareDatabase(database, config, Date.now());
      if (group === 'export-member') {
        const data = args[0] ? await exportMember(database, args[0], capabilities) : null;
        if (data) console.log(JSON.stringify(data, null, 2));
        else console.log(args[0] ? `no member ${args[0]}` : 'usage: npm run admin -- export-member USERNAME|EMAIL');
        process.exitCode = data ? 0 : args[0] ? 1 : 2;
      } else {
        const { output, exitCode } = await runAdmin(process.argv.slice(2), {
          db: database.db,
          now: () => Date.now(),
          actor: `cli:${process.env.USER ?? 'operator'}`,
          mail: {
            mailer: config.smtpUrl
              ? smtpMailer(config.smtpUrl, config.mailFrom)
              : outboxMailer(database.db, () => Date.now()),
            publicUrl: config.publicUrl,
          },
        });
        if (output) console.log(output);
        process.exitCode = exitCode;
        // Instances drop their cached settings, flags and game variables at once (else within SETTINGS_CACHE_MS).
        if (exitCode === 0) await announceSettingsChanged(config);
      }
    }
  } finally {
    await database.close();
  }
}
