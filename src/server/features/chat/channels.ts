import { CHANNEL_ID_PATTERN, type ChatChannel } from '../../../protocol/chat';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import type { ChatChannelTable, ChatDb } from './tables';

export type ChannelRow = ChatChannelTable;

/** The demo channels every fresh install starts with (docs/product.md §14). */
const DEMO_CHANNELS = [
  { id: 'general', name: 'General', topic: 'Anything goes, within the rules of the deep.' },
  { id: 'lore', name: 'Lore', topic: 'The Mythos, the Agents and what lurks between the stars.' },
  { id: 'trading', name: 'Trading', topic: 'Show off your Agents and talk trades. Howl a collectible here.' },
];

/** Adds the demo channels that are missing; an operator's changes (archive, slow mode) are never undone. */
export async function seedDemoChannels(db: ChatDb, now: number): Promise<void> {
  for (const [sort, channel] of DEMO_CHANNELS.entries()) {
    await db
      .insertInto('chat_channel')
      .values({ ...channel, sort, slow_mode_ms: 0, archived_at: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

export function listChannelRows(db: ChatDb, options: { archived?: boolean } = {}): Promise<ChannelRow[]> {
  let query = db.selectFrom('chat_channel').selectAll();
  if (!options.archived) query = query.where('archived_at', 'is', null);
  return query.orderBy('sort').orderBy('id').execute();
}

/** The newest message id of each channel that has any. */
export async function lastMessageIds(db: ChatDb): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('chat_message')
    .select(['channel_id', (eb) => eb.fn.max<number>('id').as('last_id')])
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((r) => [r.channel_id, Number(r.last_id)]));
}

export function channelProblem(id: string, name: string): string | null {
  if (!CHANNEL_ID_PATTERN.test(id))
    return 'A channel id is 2–32 lower-case letters, digits or -, starting with a letter or digit.';
  if (name.trim().length === 0 || name.length > 60) return 'A channel name is 1–60 characters.';
  return null;
}

export async function addChannel(
  db: ChatDb,
  channel: { id: string; name: string; topic: string; actor: string; now: number },
): Promise<'added' | 'exists'> {
  return inTransaction(db, async (trx) => {
    const last = await trx
      .selectFrom('chat_channel')
      .select((eb) => eb.fn.max<number>('sort').as('sort'))
      .executeTakeFirst();
    const added = await trx
      .insertInto('chat_channel')
      .values({
        id: channel.id,
        name: channel.name.trim(),
        topic: channel.topic.trim(),
        sort: Number(last?.sort ?? -1) + 1,
        slow_mode_ms: 0,
        archived_at: null,
        created_at: channel.now,
        updated_at: channel.now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) return 'exists';
    await writeAudit(trx, {
      actor: channel.actor,
      action: 'chat.channel.add',
      detail: { id: channel.id, name: channel.name, topic: channel.topic },
      at: channel.now,
    });
    return 'added';
  });
}

/** Archives (or brings back) a channel; false when there is no such channel or nothing changes. */
export async function setChannelArchived(
  db: ChatDb,
  change: { id: string; archived: boolean; actor: string; now: number },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('chat_channel')
      .set({ archived_at: change.archived ? change.now : null, updated_at: change.now })
      .where('id', '=', change.id)
      .where('archived_at', change.archived ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await writeAudit(trx, {
      actor: change.actor,
      action: change.archived ? 'chat.channel.archive' : 'chat.channel.restore',
      detail: { id: change.id },
      at: change.now,
    });
    return true;
  });
}

/** Sets the operator's slow mode of a channel (0: off); false for an unknown channel. */
export async function setSlowMode(
  db: ChatDb,
  change: { id: string; slowModeMs: number; actor: string; now: number },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('chat_channel')
      .select('slow_mode_ms')
      .where('id', '=', change.id)
      .executeTakeFirst();
    if (!before) return false;
    await trx
      .updateTable('chat_channel')
      .set({ slow_mode_ms: change.slowModeMs, updated_at: change.now })
      .where('id', '=', change.id)
      .execute();
    await writeAudit(trx, {
      actor: change.actor,
      action: 'chat.channel.slow',
      detail: { id: change.id, before: Number(before.slow_mode_ms), after: change.slowModeMs },
      at: change.now,
    });
    return true;
  });
}

export function channelView(
  row: ChannelRow,
  state: { autoSlow: boolean; cooldownMs: number; lastId: number },
): ChatChannel {
  return {
    sChannelID: row.id,
    sName: row.name,
    sTopic: row.topic,
    iSlowModeMs: state.cooldownMs,
    bAutoSlow: state.autoSlow,
    iLastID: state.lastId,
  };
}
