import { prepareDatabase } from '../app';
import type { AdminResult } from '../capability';
import type { Config } from '../config';
import { backupDatabase, defaultBackupFile, exportMember, restoreDatabase } from '../db/backup';
import { openDatabase } from '../db/index';
import { capabilities, type Database } from '../features/index';
import { outboxMailer, smtpMailer } from '../mail/index';
import { retryingMailer } from '../mail/retry';
import { announceSettingsChanged } from '../shared/settingsBus';
import { helpAnswer, runAdmin } from './commands';

const logToStderr = (details: object, message: string) =>
  process.stderr.write(`${message}: ${(details as { err?: Error }).err?.message ?? ''}\n`);

/**
 * The operator tool (docs/product.md §17) as one call: `npm run admin -- …` (admin.ts) prints its
 * answer; the browser tests keep one process that answers many (tests/e2e/adminServer.ts). Besides
 * the operator commands, the platform's own (docs/deploy.md): `backup [FILE]`, `restore FILE`
 * (every instance stopped first), `export-member USER` (JSON of everything kept about one member).
 */
export async function runTool(argv: readonly string[], config: Config, actor: string): Promise<AdminResult> {
  const [group, ...args] = argv;
  // Help needs no database: answered before one is opened.
  const help = helpAnswer(argv);
  if (help) return help;
  if (group === 'restore') {
    const file = args[0];
    if (!file) return { output: 'usage: npm run admin -- restore FILE   (stop every instance first)', exitCode: 2 };
    const dialect = /^postgres(ql)?:\/\//.test(config.databaseUrl) ? 'postgres' : 'sqlite';
    await restoreDatabase(dialect, config.databaseUrl, file);
    return { output: `restored ${file}`, exitCode: 0 };
  }
  const database = openDatabase<Database>(config.databaseUrl);
  try {
    if (group === 'backup') {
      const file = await backupDatabase(
        database,
        config.databaseUrl,
        args[0] ?? defaultBackupFile(database.dialect, new Date()),
      );
      return { output: `backup written to ${file}`, exitCode: 0 };
    }
    // The same schema and shipped content the server prepares: the tool also works on a database the server never opened.
    await prepareDatabase(database, config, Date.now());
    if (group === 'export-member') {
      const data = args[0] ? await exportMember(database, args[0], capabilities) : null;
      if (data) return { output: JSON.stringify(data, null, 2), exitCode: 0 };
      return args[0]
        ? { output: `no member ${args[0]}`, exitCode: 1 }
        : { output: 'usage: npm run admin -- export-member USERNAME|EMAIL', exitCode: 2 };
    }
    const result = await runAdmin(argv, {
      db: database.db,
      now: () => Date.now(),
      actor,
      mail: {
        // A mail the server defers waits in the queue the running server's mail.retry job sends.
        mailer: retryingMailer(
          config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, () => Date.now()),
          { db: database.db, now: () => Date.now(), log: { warn: logToStderr, error: logToStderr } },
        ),
        publicUrl: config.publicUrl,
      },
    });
    // Instances drop their cached settings, flags and game variables at once (else within SETTINGS_CACHE_MS).
    if (result.exitCode === 0) await announceSettingsChanged(config);
    return result;
  } finally {
    await database.close();
  }
}
