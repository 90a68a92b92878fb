import type { Job } from '../../capability';
import { authenticateToken, liveSessionIds, sessionsEndedRevision } from '../identity/index';
import type { Connection } from './connection';
import type { ChatServices } from './services';

/**
 * A chat socket lives no longer than the session it said hello with. Three ways, fastest first:
 * identity's "sessions ended" event on the bus closes it at once on every instance (hub.ts); its
 * own timer closes it when the session expires; and this job, on every instance, checks the open
 * sessions against the database whenever a session row was deleted anywhere (the bus drops what
 * it could not deliver, and the operator tool has no bus).
 */
export const SESSION_CHECK_EVERY_MS = 1000;
/** setTimeout's longest delay; a later expiry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether the socket's session still stands; if not, the socket is closed (frames that raced the close do nothing). */
export async function stillSignedIn(services: ChatServices, connection: Connection): Promise<boolean> {
  if (connection.ended) return false;
  const session = connection.session;
  if (!session) return false;
  const account = await authenticateToken(services.ctx, session.token);
  if (account?.sessionId === session.id) return true;
  services.hub.closeEnded(connection);
  return false;
}

/**
 * Closes the socket when its session expires. Better Auth may have extended the session
 * meanwhile (a page load refreshes it): then the timer waits for the new expiry. Answers a stop.
 */
export function watchExpiry(services: ChatServices, connection: Connection): () => void {
  let timer: NodeJS.Timeout | null = null;
  const arm = (expiresAt: number) => {
    // Better Auth stamps sessions with real time, so they are timed with real time too.
    timer = setTimeout(check, Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
    timer.unref();
  };
  const check = async () => {
    timer = null;
    const session = connection.session;
    if (!session || connection.ended || connection.socket.readyState !== 1) return;
    const account = await authenticateToken(services.ctx, session.token).catch(() => undefined);
    // The database out of reach: look again shortly.
    if (account === undefined) return arm(Date.now() + SESSION_CHECK_EVERY_MS);
    if (account?.sessionId !== session.id) return services.hub.closeEnded(connection);
    session.expiresAt = account.expiresAt;
    arm(account.expiresAt);
  };
  if (connection.session) arm(connection.session.expiresAt);
  return () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
}

/** The job every instance runs: when any session row was deleted, closes the sockets whose session is gone. */
export function chatSessionsJob(services: ChatServices): Job & { run(): Promise<void> } {
  let seen: number | null = null;
  return {
    name: 'chat-sessions',
    everyMs: SESSION_CHECK_EVERY_MS,
    async run() {
      const { ctx, hub } = services;
      // Read before the sessions: a delete after this read moves the counter again for the next run.
      const revision = await sessionsEndedRevision(ctx.db);
      if (revision === seen) return;
      const open = hub.openSessionIds();
      const live = await liveSessionIds(ctx.db, open);
      hub.closeSessions(new Set(open.filter((id) => !live.has(id))));
      seen = revision;
    },
  };
}
