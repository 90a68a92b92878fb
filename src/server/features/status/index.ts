import type { Capability } from '../../capability';
import { statusConsoleActions } from './consoleActions';
import { statusMigrations } from './migrations';
import { InstanceBoard } from './snapshots';
import type { StatusTables } from './tables';

/**
 * The console's status page (issue 29): the instances serving the portal (each publishes a
 * snapshot every STATUS_INTERVAL_MS, over Redis or through its heartbeat row), the game's pulse
 * (counted by each capability on its own tables) and the jobs with the mint queue. Reads only.
 */
export const status: Capability<StatusTables> = {
  name: 'status',
  uses: ['identity', 'rewards', 'store', 'raffle', 'chat', 'games', 'collectibles', 'announcements'],
  migrations: statusMigrations,
  start(ctx) {
    const board = new InstanceBoard({
      db: ctx.db,
      bus: ctx.bus,
      clock: ctx.clock,
      config: ctx.config,
      instance: ctx.instance,
    });
    return {
      jobs: [{ name: 'status', everyMs: ctx.config.statusIntervalMs, run: () => board.publish() }],
      consoleActions: statusConsoleActions(ctx, board),
    };
  },
};

export type { StatusTables } from './tables';
