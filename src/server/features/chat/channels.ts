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

/**
 * Why an operator's channel change is refused: `invalid` (a value), `exists` (add of a taken id),
 * `missing` (no such channel), `unchanged` (archived already, not archived). The CLI and the
 * console show the same sentence (`problem`).
 */
export type ChannelRefusal = 'invalid' | 'exists' | 'missing' | 'unchanged';
export type ChannelResult = { ok: true } | { ok: false; refusal: ChannelRefusal; problem: string };

/** Who changes a channel, when, and why (the console always says why; the CLI with --reason). */
export interface ChannelAudit {
  actor: string;
  now: number;
  reason?: string;
}

const MAX_TOPIC = 200;
/** Slow mode is whole seconds up to a day (0: off). */
export const MAX_SLOW_MODE_MS = 86_400_000;

const refuse = (refusal: ChannelRefusal, problem: string) => ({ ok: false as const, refusal, problem });
const withReason = (audit: ChannelAudit, detail: object) =>
  audit.reason ? { ...detail, reason: audit.reason } : detail;

export function channelProblem(id: string, name: string): string | null {
  if (!CHANNEL_ID_PATTERN.test(id))
    return 'A channel id is 2–32 lower-case letters, digits or -, starting with a letter or digit.';
  return nameProblem(name);
}

const nameProblem = (name: string) =>
  name.trim().length === 0 || name.length > 60 ? 'A channel name is 1–60 characters.' : null;
const topicProblem = (topic: string) =>
  topic.length > MAX_TOPIC ? `A topic is at most ${MAX_TOPIC} characters.` : null;

export async function addChannel(
  db: ChatDb,
  channel: { id: string; name: string; topic: string },
  audit: ChannelAudit,
): Promise<ChannelResult> {
  const problem = channelProblem(channel.id, channel.name) ?? topicProblem(channel.topic);
  if (problem) return refuse('invalid', problem);
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
        created_at: audit.now,
        updated_at: audit.now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) return refuse('exists', `There is a channel ${channel.id} already.`);
    await writeAudit(trx, {
      actor: audit.actor,
      action: 'chat.channel.add',
      detail: withReason(audit, { id: channel.id, name: channel.name, topic: channel.topic }),
      at: audit.now,
    });
    return { ok: true as const };
  });
}

/** Renames a channel or changes its topic (the fields given); members see it at the next sync. */
export async function updateChannel(
  db: ChatDb,
  change: { id: string; name?: string; topic?: string },
  audit: ChannelAudit,
): Promise<ChannelResult> {
  const problem =
    (change.name === undefined ? null : nameProblem(change.name)) ??
    (change.topic === undefined ? null : topicProblem(change.topic));
  if (problem) return refuse('invalid', problem);
  if (change.name === undefined && change.topic === undefined) return refuse('unchanged', 'Nothing to change.');
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('chat_channel')
      .select(['name', 'topic'])
      .where('id', '=', change.id)
      .executeTakeFirst();
    if (!before) return refuse('missing', `There is no channel ${change.id}.`);
    const after = {
      name: change.name === undefined ? before.name : change.name.trim(),
      topic: change.topic === undefined ? before.topic : change.topic.trim(),
    };
    await trx
      .updateTable('chat_channel')
      .set({ ...after, updated_at: audit.now })
      .where('id', '=', change.id)
      .execute();
    await writeAudit(trx, {
      actor: audit.actor,
      action: 'chat.channel.update',
      detail: withReason(audit, { id: change.id, before, after }),
      at: audit.now,
    });
    return { ok: true as const };
  });
}

/** Archives (or brings back) a channel: history is kept, members stop seeing it. */
export async function setChannelArchived(
  db: ChatDb,
  change: { id: string; archived: boolean },
  audit: ChannelAudit,
): Promise<ChannelResult> {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('chat_channel')
      .set({ archived_at: change.archived ? audit.now : null, updated_at: audit.now })
      .where('id', '=', change.id)
      .where('archived_at', change.archived ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const exists = await trx.selectFrom('chat_channel').select('id').where('id', '=', change.id).executeTakeFirst();
      if (!exists) return refuse('missing', `There is no channel ${change.id}.`);
      return refuse('unchanged', `${change.id} is ${change.archived ? 'archived already' : 'not archived'}.`);
    }
    await writeAudit(trx, {
      actor: audit.actor,
      action: change.archived ? 'chat.channel.archive' : 'chat.channel.restore',
      detail: withReason(audit, { id: change.id }),
      at: audit.now,
    });
    return { ok: true as const };
  });
}

/** Why a slow mode would be refused, or null. */
export function slowModeProblem(slowModeMs: number): string | null {
  const whole = Number.isInteger(slowModeMs) && slowModeMs % 1000 === 0;
  return whole && slowModeMs >= 0 && slowModeMs <= MAX_SLOW_MODE_MS
    ? null
    : `Slow mode is whole seconds, 0 (off) to ${MAX_SLOW_MODE_MS / 1000}.`;
}

/** Sets the operator's slow mode of a channel in whole seconds (0: off). */
export async function setSlowMode(
  db: ChatDb,
  change: { id: string; slowModeMs: number },
  audit: ChannelAudit,
): Promise<ChannelResult> {
  const { slowModeMs } = change;
  const problem = slowModeProblem(slowModeMs);
  if (problem) return refuse('invalid', problem);
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('chat_channel')
      .select('slow_mode_ms')
      .where('id', '=', change.id)
      .executeTakeFirst();
    if (!before) return refuse('missing', `There is no channel ${change.id}.`);
    await trx
      .updateTable('chat_channel')
      .set({ slow_mode_ms: slowModeMs, updated_at: audit.now })
      .where('id', '=', change.id)
      .execute();
    await writeAudit(trx, {
      actor: audit.actor,
      action: 'chat.channel.slow',
      detail: withReason(audit, { id: change.id, before: Number(before.slow_mode_ms), after: slowModeMs }),
      at: audit.now,
    });
    return { ok: true as const };
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
