import type { ChatChannel } from '../../../protocol/chat';
import { type ChannelRow, channelView, lastMessageIds, listChannelRows } from './channels';
import { ChannelPulse, cooldownMs } from './limits';
import type { ChatDb } from './tables';

export interface ChannelChange {
  row: ChannelRow;
  archived: boolean;
}

/**
 * This instance's view of the channels: the operators' rows (reloaded by the sync job, so a
 * change from the CLI or another instance shows within seconds), each channel's newest message id,
 * and its pulse for automatic slow mode (fed with every message, local or from other instances).
 */
export class ChannelDirectory {
  private rows = new Map<string, ChannelRow>();
  private readonly lastIds = new Map<string, number>();
  private readonly pulses = new Map<string, ChannelPulse>();

  constructor(private readonly db: ChatDb) {}

  async start(): Promise<void> {
    await this.reload();
    for (const [channel, id] of await lastMessageIds(this.db)) this.noteId(channel, id);
  }

  /** Reads the channels again; answers those added, changed or archived since the last read. */
  async reload(): Promise<ChannelChange[]> {
    const fresh = await listChannelRows(this.db, { archived: true });
    const changes: ChannelChange[] = [];
    const next = new Map<string, ChannelRow>();
    for (const row of fresh) {
      const before = this.rows.get(row.id);
      const archived = row.archived_at !== null;
      if (!archived) next.set(row.id, row);
      if (before ? !sameRow(before, row) : !archived) changes.push({ row, archived });
    }
    this.rows = next;
    return changes;
  }

  get(id: string): ChannelRow | undefined {
    return this.rows.get(id);
  }

  list(): ChannelRow[] {
    return [...this.rows.values()];
  }

  lastId(id: string): number {
    return this.lastIds.get(id) ?? 0;
  }

  /** Records a message; true when it turned the channel's automatic slow mode on. */
  noteMessage(channelId: string, messageId: number, now: number, threshold: number): boolean {
    this.noteId(channelId, messageId);
    return this.pulse(channelId).record(now, threshold);
  }

  /** The channels whose automatic slow mode went off because they calmed down. */
  settle(now: number, threshold: number): string[] {
    return [...this.pulses].filter(([, pulse]) => pulse.settle(now, threshold)).map(([id]) => id);
  }

  autoSlow(id: string): boolean {
    return this.pulses.get(id)?.autoSlow ?? false;
  }

  cooldown(id: string, autoSlowMs: number): number {
    return cooldownMs(Number(this.rows.get(id)?.slow_mode_ms ?? 0), this.autoSlow(id), autoSlowMs);
  }

  view(row: ChannelRow, autoSlowMs: number): ChatChannel {
    return channelView(row, {
      autoSlow: this.autoSlow(row.id),
      cooldownMs: this.cooldown(row.id, autoSlowMs),
      lastId: this.lastId(row.id),
    });
  }

  private noteId(channelId: string, id: number): void {
    if (id > this.lastId(channelId)) this.lastIds.set(channelId, id);
  }

  private pulse(channelId: string): ChannelPulse {
    let pulse = this.pulses.get(channelId);
    if (!pulse) {
      pulse = new ChannelPulse();
      this.pulses.set(channelId, pulse);
    }
    return pulse;
  }
}

const sameRow = (a: ChannelRow, b: ChannelRow) =>
  a.name === b.name &&
  a.topic === b.topic &&
  Number(a.sort) === Number(b.sort) &&
  Number(a.slow_mode_ms) === Number(b.slow_mode_ms) &&
  a.archived_at === b.archived_at;
