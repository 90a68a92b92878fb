/**
 * Who is here (docs/product.md §14): the members looking at each channel, across instances.
 * Each instance counts its own sockets and publishes a snapshot (channel → member ids) when it
 * changes and every PRESENCE_REFRESH_MS; a snapshot older than PRESENCE_STALE_MS is dropped, so an
 * instance that died stops counting. A member on two devices or two instances counts once.
 */
export const PRESENCE_REFRESH_MS = 10_000;
export const PRESENCE_STALE_MS = 35_000;

export type PresenceSnapshot = Record<string, string[]>;

export class PresenceBook {
  /** This instance: channel → member id → how many of their sockets look at it. */
  private readonly local = new Map<string, Map<string, number>>();
  private readonly remote = new Map<string, { at: number; channels: Map<string, Set<string>> }>();

  /** A socket of `userId` moved its focus from one channel to another (null: none). */
  move(userId: string, from: string | null, to: string | null): void {
    if (from === to) return;
    if (from !== null) {
      const members = this.local.get(from);
      const count = (members?.get(userId) ?? 0) - 1;
      if (members && count <= 0) members.delete(userId);
      else members?.set(userId, count);
      if (members?.size === 0) this.local.delete(from);
    }
    if (to !== null) {
      const members = this.local.get(to) ?? new Map<string, number>();
      members.set(userId, (members.get(userId) ?? 0) + 1);
      this.local.set(to, members);
    }
  }

  snapshot(): PresenceSnapshot {
    const out: PresenceSnapshot = {};
    for (const [channel, members] of this.local) out[channel] = [...members.keys()];
    return out;
  }

  applyRemote(instanceId: string, snapshot: PresenceSnapshot, now: number): void {
    const channels = new Map(Object.entries(snapshot).map(([channel, ids]) => [channel, new Set(ids)]));
    this.remote.set(instanceId, { at: now, channels });
  }

  dropRemote(instanceId: string): void {
    this.remote.delete(instanceId);
  }

  /** Forgets instances that have not been heard of for PRESENCE_STALE_MS; true when one was forgotten. */
  expire(now: number): boolean {
    let dropped = false;
    for (const [id, entry] of this.remote) {
      if (now - entry.at > PRESENCE_STALE_MS) {
        this.remote.delete(id);
        dropped = true;
      }
    }
    return dropped;
  }

  /** Distinct members per channel, every instance together. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    if (this.remote.size === 0) {
      for (const [channel, members] of this.local) out[channel] = members.size;
      return out;
    }
    const union = new Map<string, Set<string>>();
    const add = (channel: string, ids: Iterable<string>) => {
      const set = union.get(channel) ?? new Set<string>();
      for (const id of ids) set.add(id);
      union.set(channel, set);
    };
    for (const [channel, members] of this.local) add(channel, members.keys());
    for (const entry of this.remote.values()) for (const [channel, ids] of entry.channels) add(channel, ids);
    for (const [channel, set] of union) if (set.size > 0) out[channel] = set.size;
    return out;
  }
}
