import { buildApp } from './app';
import { loadConfig } from './config';
import { listenForChecks } from './http/checkPort';

/** Reads config, opens the database, builds the app and listens; shuts down gracefully on SIGTERM/SIGINT. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const { app, startJobs, shutdown } = await buildApp({ config });
  startJobs();
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests, releasing job leases');
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 5_000);
    force.unref();
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  app.log.info(
    { secret: config.authSecretSource, mail: config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : 'dev outbox' },
    'sessions and email links are signed with the secret from %s; mail goes to the %s',
    config.authSecretSource,
    config.smtpUrl ? 'SMTP server' : 'dev outbox (development only)',
  );
  await app.listen({ host: config.host, port: config.port });
  // Left open while the instance drains (it closes with the process): the balancer's check marking
  // the instance down would cut the requests in flight (`on-marked-down shutdown-sessions`).
  if (config.healthPort) await listenForChecks(app.server, config.host, config.healthPort);
  app.log.info(`portal ready on ${config.publicUrl}`);
}
