import { buildApp } from './app';
import { loadConfig } from './config';
import { startJobs } from './shared/jobs';

/** Reads config, opens the database, builds the app and listens; closes cleanly on SIGTERM/SIGINT. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const { app, jobs } = await buildApp({ config });
  startJobs(app, jobs);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  app.log.info(
    { secret: config.authSecretSource, mail: config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : 'dev outbox' },
    'sessions and email links are signed with the secret from %s; mail goes to the %s',
    config.authSecretSource,
    config.smtpUrl ? 'SMTP server' : 'dev outbox (development only)',
  );
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`portal ready on ${config.publicUrl}`);
}
