import { isAddress } from 'viem';
import { EMAIL_PATTERN } from '../../../protocol/identity';
import type { WhitelistKind } from '../../../protocol/whitelist';
import { writeAudit } from '../../shared/audit';
import { prepared } from '../../shared/prepared';
import { inTransaction } from '../../shared/transaction';
import type { WhitelistDb } from './tables';

/**
 * The whitelist (docs/product.md §7): wallet addresses and emails an operator put on it. Lookups
 * ignore case (an address matches whatever its checksum casing, an email whatever its capitals).
 */

export interface Entry {
  kind: WhitelistKind;
  value: string;
}

/** What an operator typed, as an entry; null when it is neither an address nor an email. */
export function parseEntry(text: string): Entry | null {
  const value = text.trim().toLowerCase();
  if (/^0x[0-9a-f]{40}$/.test(value) && isAddress(value, { strict: false })) return { kind: 'address', value };
  if (value.length <= 254 && EMAIL_PATTERN.test(value)) return { kind: 'email', value };
  return null;
}

/** Is either the address or the email on the list. */
export async function isListed(
  db: WhitelistDb,
  query: { address?: string | null; email?: string | null },
): Promise<boolean> {
  const wanted: Entry[] = [];
  if (query.address) wanted.push({ kind: 'address', value: query.address.trim().toLowerCase() });
  if (query.email) wanted.push({ kind: 'email', value: query.email.trim().toLowerCase() });
  if (wanted.length === 0) return false;
  const row = await db
    .selectFrom('whitelist_entry')
    .select('id')
    .where((eb) => eb.or(wanted.map((w) => eb.and([eb('kind', '=', w.kind), eb('value', '=', w.value)]))))
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The same question for getUserData's hot path, compiled once: the member's email or linked address is listed. */
const listedPair = prepared((db: WhitelistDb, email: string, address: string) =>
  db
    .selectFrom('whitelist_entry')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'email'), eb('value', '=', email)]),
        eb.and([eb('kind', '=', 'address'), eb('value', '=', address)]),
      ]),
    )
    .limit(1),
);

export async function isMemberListed(db: WhitelistDb, email: string | null, address: string | null): Promise<boolean> {
  const rows = await listedPair(db, (email ?? '').toLowerCase(), (address ?? '').toLowerCase());
  return rows.length > 0;
}

export interface Audit {
  actor: string;
  now: number;
}

/** Adds the entries not yet listed; answers how many were new. One transaction, one audit row. */
export async function addEntries(
  db: WhitelistDb,
  entries: Entry[],
  note: string,
  audit: Audit,
  action = 'whitelist.add',
) {
  return inTransaction(db, async (trx) => {
    const added: string[] = [];
    for (const entry of entries) {
      const result = await trx
        .insertInto('whitelist_entry')
        .values({ ...entry, note: note.slice(0, 200), added_by: audit.actor, created_at: audit.now })
        .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) added.push(entry.value);
    }
    if (added.length > 0) {
      await writeAudit(trx, {
        actor: audit.actor,
        action,
        detail: action === 'whitelist.add' ? { values: added, note } : { added: added.length, note },
        at: audit.now,
      });
    }
    return added.length;
  });
}

export async function removeEntry(db: WhitelistDb, entry: Entry, audit: Audit): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .deleteFrom('whitelist_entry')
      .where('kind', '=', entry.kind)
      .where('value', '=', entry.value)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await writeAudit(trx, { actor: audit.actor, action: 'whitelist.remove', detail: entry, at: audit.now });
    return true;
  });
}

export function listEntries(db: WhitelistDb) {
  return db
    .selectFrom('whitelist_entry')
    .select(['kind', 'value', 'note', 'added_by', 'created_at'])
    .orderBy('kind')
    .orderBy('value')
    .execute();
}
