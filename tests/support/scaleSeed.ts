import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Set-based seeding for the scale tests (issue 36): one statement writes thousands of rows from a
 * recursive counter, instead of one request or insert per member. Ids are `<prefix><6 digits>`,
 * so they sort in the order they were made.
 */
// biome-ignore lint/suspicious/noExplicitAny: seeds any handle
type AnyDb = Kysely<any>;

const counter = (count: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})`;

/** `n.i` as six digits. */
const padded = (dialect: 'sqlite' | 'postgres'): RawBuilder<string> =>
  dialect === 'postgres' ? sql`lpad(cast(n.i as text), 6, '0')` : sql`printf('%06d', n.i)`;

export const seededId = (prefix: string, i: number) => `${prefix}${String(i).padStart(6, '0')}`;

/** `count` members (registered profiles), joined at `now`. */
export async function seedMembers(
  db: AnyDb,
  dialect: 'sqlite' | 'postgres',
  options: { prefix: string; count: number; now: number },
): Promise<void> {
  const id = sql`${options.prefix} || ${padded(dialect)}`;
  await sql`insert into member (user_id, username, username_lower, referral_code, subscribe, created_at)
    ${counter(options.count)}
    select ${id}, ${id}, lower(${id}), ${id}, 0, cast(${options.now} as bigint) from n`.execute(db);
}

/**
 * `count` entries of the seeded members in a raffle, as entering leaves them (1 to 7 tickets each),
 * with the raffle's counters; answers the ticket total.
 */
export async function seedEntries(
  db: AnyDb,
  dialect: 'sqlite' | 'postgres',
  options: { raffleId: number; prefix: string; count: number; now: number },
): Promise<number> {
  const id = sql`${options.prefix} || ${padded(dialect)}`;
  await sql`insert into raffle_entry (raffle_id, user_id, entrant_id, tickets, created_at, updated_at, refunded_at)
    ${counter(options.count)}
    select cast(${options.raffleId} as bigint), ${id}, ${'e0'} || ${padded(dialect)}, 1 + n.i % 7,
      cast(${options.now} as bigint), cast(${options.now} as bigint), null from n`.execute(db);
  const { tickets } = await db
    .selectFrom('raffle_entry')
    .select((eb) => eb.fn.sum<number>('tickets').as('tickets'))
    .where('raffle_id', '=', options.raffleId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('raffle')
    .set({ entrant_count: options.count, ticket_total: Number(tickets) })
    .where('id', '=', options.raffleId)
    .execute();
  return Number(tickets);
}
