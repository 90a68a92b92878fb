import type { Job } from '../../capability';
import { deletedSince } from './messages';
import { mutesChangedSince } from './moderation';
import type { ChatServices } from './services';

export const SYNC_EVERY_MS = 2000;
/** Each run looks a little further back than the last one: commits and clocks are not exact. */
const OVERLAP_MS = 5000;
const SEEN_MAX = 10_000;

/**
 * The chat job every instance runs: it brings in what changed in the database without passing
 * through this instance (the operator CLI's channel changes, mutes and deletes, and, when an
 * instance crashed, the messages it stored and never published: hub.dropSilentInstances), refreshes the
 * limits, and turns automatic slow mode off in channels that calmed down. Each instance tells only
 * its own sockets, so no bus is needed for operators, and nothing repeats across instances.
 */
export function chatSyncJob(services: ChatServices): Job & { run(): Promise<void> } {
  // What changed before this instance started is in every welcome.
  let since = services.ctx.clock.now();
  const seen = new Set<string>();
  const firstTime = (key: string) => {
    if (seen.has(key)) return false;
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.add(key);
    return true;
  };

  return {
    name: 'chat-sync',
    everyMs: SYNC_EVERY_MS,
    async run() {
      const { ctx, hub, directory } = services;
      const now = ctx.clock.now();
      hub.dropSilentInstances(now);
      const limits = await services.limits();
      hub.setLimits(limits);

      for (const change of await directory.reload()) {
        hub.broadcast({
          t: 'channel',
          pChannel: directory.view(change.row, limits.autoSlowMs),
          bArchived: change.archived,
        });
      }
      for (const channelId of directory.settle(now, limits.autoSlowThreshold)) hub.announceChannel(channelId);

      const from = since;
      since = now - OVERLAP_MS;

      for (const mute of await mutesChangedSince(ctx.db, from)) {
        if (!firstTime(`mute:${mute.userId}:${mute.updatedAt}:${mute.until}`)) continue;
        const active = mute.until === null || mute.until > now;
        hub.tellLocal(mute.userId, { t: 'mute', pMute: active ? { iUntil: mute.until, sReason: mute.reason } : null });
      }
      for (const channel of directory.list()) {
        for (const id of await deletedSince(ctx.db, channel.id, from)) hub.announceDeleted(channel.id, id);
      }
    },
  };
}
