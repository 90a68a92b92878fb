import { ErrorCode } from '../../../protocol/errors';
import type {
  ConsoleOverviewAnswer,
  StatusInstancesAnswer,
  StatusJobsAnswer,
  StatusPulseAnswer,
} from '../../../protocol/status';
import {
  consoleOverviewInput,
  statusInstancesInput,
  statusJobsInput,
  statusPulseInput,
} from '../../../protocol/status.schema';
import type { AppContext } from '../../capability';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { readJobs } from './jobs';
import { readOverview } from './overview';
import { readPulse } from './pulse';
import { type InstanceBoard, instanceRow } from './snapshots';
import type { StatusTables } from './tables';

const define = consoleActionDefiner<StatusTables>();

/** The status page's reads (permission status:read, every role). */
export function statusConsoleActions(ctx: AppContext<StatusTables>, board: InstanceBoard): ConsoleActionDef[] {
  return [
    define({
      name: 'statusInstances',
      permission: 'status:read',
      input: statusInstancesInput,
      async handler(): Promise<StatusInstancesAnswer> {
        const snapshots = await board.gather();
        const now = ctx.clock.now();
        return {
          iErrorCode: ErrorCode.OK,
          aInstances: snapshots.map((s) => instanceRow(s, now, board.instanceId)),
          sTransport: board.transport,
          iIntervalMs: ctx.config.statusIntervalMs,
          iNow: now,
        };
      },
    }),
    define({
      name: 'statusPulse',
      permission: 'status:read',
      input: statusPulseInput,
      async handler({ sRange, sBucket }): Promise<StatusPulseAnswer> {
        return { iErrorCode: ErrorCode.OK, ...(await readPulse(ctx.db, sRange, sBucket, ctx.clock.now())) };
      },
    }),
    define({
      // The console's first screen (issue 38): today's figures, each linking to its screen.
      name: 'consoleOverview',
      permission: 'status:read',
      input: consoleOverviewInput,
      handler: (): Promise<ConsoleOverviewAnswer> => readOverview(ctx, board),
    }),
    define({
      name: 'statusJobs',
      permission: 'status:read',
      input: statusJobsInput,
      async handler(): Promise<StatusJobsAnswer> {
        const snapshots = await board.gather();
        return { iErrorCode: ErrorCode.OK, ...(await readJobs(ctx.db, ctx.jobList(), snapshots, ctx.clock.now())) };
      },
    }),
  ];
}
