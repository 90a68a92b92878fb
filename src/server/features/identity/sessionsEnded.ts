import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../../db/index';
import { type AnyDb, ownTables } from '../../db/schema';
import { IDS_PER_LIST } from '../../shared/batches';
import type { Bus } from '../../shared/bus';
import type { IdentityTables } from './tables';

/**
 * "These sessions ended": what whoever keeps a session open (the chat socket) hears, on every
 * instance, when a member signs out, revokes sessions, resets or changes the password, or is
 * banned or deleted. Better Auth's session-delete hook announces each session it ends
 * (auth.ts); a ban or any other code that ends sessions itself calls `endSessionsOf`.
 *
 * The bus is at most once, and a process that is not an instance (the operator tool) may have no
 * bus at all, so every delete of a session row also raises one counter in the database
 * (`SESSIONS_ENDED_SCOPE`): an instance that sees it move checks its open sessions against the table.
 */
export const SESSIONS_ENDED_TOPIC = 'identity.sessionsEnded';

export interface SessionsEnded {
  userId: string;
  /** The sessions that ended; absent, every session of the member except `keep`. */
  sessionIds?: string[];
  keep?: string;
}

export function announceSessionsEnded(bus: Bus, event: SessionsEnded): void {
  bus.publish(SESSIONS_ENDED_TOPIC, event);
}

export function onSessionsEnded(bus: Bus, handler: (event: SessionsEnded) => void): () => void {
  return bus.subscribe(SESSIONS_ENDED_TOPIC, (message) => {
    const event = message as Partial<SessionsEnded> | null;
    if (typeof event?.userId !== 'string') return;
    handler({
      userId: event.userId,
      sessionIds: Array.isArray(event.sessionIds) ? event.sessionIds.filter((id) => typeof id === 'string') : undefined,
      keep: typeof event.keep === 'string' ? event.keep : undefined,
    });
  });
}

/** Whether an open session (one that said who it was with `sessionId`) is among those that ended. */
export function endedBy(event: SessionsEnded, sessionId: string): boolean {
  return event.sessionIds ? event.sessionIds.includes(sessionId) : sessionId !== event.keep;
}

/**
 * Ends every session of a member (but `keep`, if given) and tells every instance: what a ban, or
 * anything else that must sign a member out everywhere, calls. Answers how many sessions ended.
 * Call it with the database, not inside a transaction: the announcement goes out at once. From a
 * process without an instance's bus (the operator tool), deleting the rows is enough: instances
 * that keep sessions open watch the counter below (chat checks it every second).
 */
export async function endSessionsOf(
  deps: { db: AnyDb; bus: Bus },
  userId: string,
  options: { keep?: string } = {},
): Promise<number> {
  let query = ownTables<IdentityTables>(deps.db).deleteFrom('session').where('userId', '=', userId);
  if (options.keep) query = query.where('id', '!=', options.keep);
  const result = await query.executeTakeFirst();
  announceSessionsEnded(deps.bus, { userId, keep: options.keep });
  return Number(result.numDeletedRows);
}

/** The counter every delete of a session row raises (a `data_revision` scope no member id can take). */
export const SESSIONS_ENDED_SCOPE = '~sessions-ended';

/** The counter's value now (0 before the first session ever ended). */
export async function sessionsEndedRevision(db: AnyDb): Promise<number> {
  const row = await ownTables<IdentityTables>(db)
    .selectFrom('data_revision')
    .select('revision')
    .where('scope', '=', SESSIONS_ENDED_SCOPE)
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

const LOOKUP_CHUNK = IDS_PER_LIST;

/** Of these sessions, those that still exist and have not expired (Better Auth stamps real time). */
export async function liveSessionIds(db: AnyDb, sessionIds: readonly string[]): Promise<Set<string>> {
  const live = new Set<string>();
  const ids = [...new Set(sessionIds)];
  const now = Date.now();
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const rows = await ownTables<IdentityTables>(db)
      .selectFrom('session')
      .select(['id', 'expiresAt'])
      .where('id', 'in', ids.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const row of rows) if (new Date(row.expiresAt).getTime() > now) live.add(row.id);
  }
  return live;
}

/** The migration: a delete of a session row, by whoever makes it, raises SESSIONS_ENDED_SCOPE. */
export const sessionsEndedTrigger = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql
        .raw(`CREATE FUNCTION session_ended_revision() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            PERFORM raise_data_revision('${SESSIONS_ENDED_SCOPE}');
            RETURN NULL;
          END $$`)
        .execute(db);
      await sql
        .raw(
          'CREATE TRIGGER session_ended_revision AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION session_ended_revision()',
        )
        .execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER session_ended_revision AFTER DELETE ON "session" BEGIN
          INSERT INTO data_revision (scope, revision) VALUES ('${SESSIONS_ENDED_SCOPE}', 1)
          ON CONFLICT (scope) DO UPDATE SET revision = revision + 1;
        END`)
        .execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql.raw('DROP TRIGGER session_ended_revision ON "session"').execute(db);
      await sql.raw('DROP FUNCTION session_ended_revision()').execute(db);
    } else {
      await sql.raw('DROP TRIGGER session_ended_revision').execute(db);
    }
  },
});
