import {
  type ConsoleContextMessage,
  type ConsoleReportRow,
  type ReportHistoryAnswer,
  type ReportListAnswer,
  roleMay,
} from '../../../protocol/console';
import {
  memberMuteInput,
  reportHistoryInput,
  reportListInput,
  reportResolveInput,
  reportsSinceInput,
} from '../../../protocol/consoleMembers.schema';
import { ErrorCode } from '../../../protocol/errors';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import type { Bus } from '../../shared/bus';
import { usernamesOf } from '../identity/index';
import { muteMember, reportedAuthor, resolvedReports } from './moderation';
import {
  CHAT_REPORTED_TOPIC,
  type QueuedReport,
  type ReportResolution,
  reportQueue,
  resolveReport,
} from './reportQueue';
import type { ChatServices } from './services';
import type { ChatDb, ChatTables } from './tables';

const define = consoleActionDefiner<ChatTables>();

async function reportRows(db: ChatDb, reports: QueuedReport[]): Promise<ConsoleReportRow[]> {
  const ids = reports.flatMap((r) => [r.reporterId, r.authorId, ...r.context.map((m) => m.userId)]);
  const names = await usernamesOf(db, ids);
  const name = (id: string) => names.get(id) ?? '';
  return reports.map((r) => ({
    iReportID: r.id,
    sReason: r.reason,
    sNote: r.note,
    iCreatedAt: r.createdAt,
    sReporterUserID: r.reporterId,
    sReporterUsername: name(r.reporterId),
    sAuthorUserID: r.authorId,
    sAuthorUsername: name(r.authorId),
    sChannelID: r.channelId,
    iMessageID: r.messageId,
    aContext: r.context.map(
      (m): ConsoleContextMessage => ({
        iMessageID: m.id,
        sUserID: m.userId,
        sUsername: name(m.userId),
        sText: m.body,
        iCreatedAt: m.createdAt,
        bDeleted: m.deleted,
        bReported: m.id === r.messageId,
      }),
    ),
  }));
}

/** Open reports after a cursor: the queue's first page (cursor 0) and the poll for new ones alike. */
async function listAnswer(db: ChatDb, cursor: number, size: number): Promise<ReportListAnswer> {
  const reports = await reportQueue(db, { afterId: cursor, limit: size + 1 });
  const page = reports.slice(0, size);
  return {
    iErrorCode: ErrorCode.OK,
    aRows: await reportRows(db, page),
    bMore: reports.length > size,
    iCursor: page.at(-1)?.id ?? cursor,
  };
}

/**
 * Resolves when the bus announces a report (from any instance) or after `ms`. Subscribed before
 * the caller reads the queue, so a report committed in between is not missed.
 */
function nextReport(bus: Bus, ms: number): { arrived: Promise<void>; stop: () => void } {
  let stop = () => {};
  const arrived = new Promise<void>((resolve) => {
    const timer = setTimeout(() => stop(), ms);
    const off = bus.subscribe(CHAT_REPORTED_TOPIC, () => stop());
    stop = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
  });
  return { arrived, stop };
}

/** Resolved reports with names, for the queue's history. */
async function historyAnswer(db: ChatDb, page: number, size: number): Promise<ReportHistoryAnswer> {
  const { rows, more } = await resolvedReports(db, { page, size });
  const names = await usernamesOf(
    db,
    rows.flatMap((r) => [r.reporterId, r.authorId]),
  );
  return {
    iErrorCode: ErrorCode.OK,
    bMore: more,
    aRows: rows.map((r) => ({
      iReportID: r.id,
      sReason: r.reason,
      sNote: r.note,
      iCreatedAt: r.createdAt,
      sReporterUserID: r.reporterId,
      sReporterUsername: names.get(r.reporterId) ?? '',
      sAuthorUserID: r.authorId,
      sAuthorUsername: names.get(r.authorId) ?? '',
      sChannelID: r.channelId,
      sText: r.body,
      sResolution: r.resolution,
      sResolvedBy: r.resolvedBy,
      iResolvedAt: r.resolvedAt,
    })),
  };
}

/**
 * The console's moderation queue and mute (issue 27). New reports (issue 38, decision 0243):
 * every report is published on the bus (CHAT_REPORTED_TOPIC); `reportsSince` with iWaitMs holds
 * its answer until one arrives on any instance (or the wait ends), so a console hears of a report
 * within the bus's latency while asking at most once per wait.
 */
export function chatConsoleActions(services: ChatServices): ConsoleActionDef[] {
  const { ctx, hub } = services;
  return [
    define({
      name: 'reportList',
      permission: 'chat:read',
      input: reportListInput,
      handler: ({ iCursor, iPageSize }) => listAnswer(ctx.db, iCursor, iPageSize),
    }),
    define({
      name: 'reportsSince',
      permission: 'chat:read',
      input: reportsSinceInput,
      async handler({ iCursor, iPageSize, iWaitMs }) {
        if (iWaitMs === 0) return listAnswer(ctx.db, iCursor, iPageSize);
        const wait = nextReport(ctx.bus, iWaitMs);
        try {
          const now = await listAnswer(ctx.db, iCursor, iPageSize);
          if (now.aRows.length > 0) return now;
          await wait.arrived;
          return listAnswer(ctx.db, iCursor, iPageSize);
        } finally {
          wait.stop();
        }
      },
    }),
    define({
      name: 'reportHistory',
      permission: 'chat:read',
      input: reportHistoryInput,
      handler: ({ iPage, iPageSize }) => historyAnswer(ctx.db, iPage, iPageSize),
    }),
    define({
      name: 'reportResolve',
      permission: 'chat:moderate',
      input: reportResolveInput,
      // A sanction acts on the message's author (issue 35: ranks); deleting or dismissing acts on no account.
      target: ({ iReportID, sResolution }) =>
        sResolution === 'mute' || sResolution === 'ban' ? reportedAuthor(ctx.db, iReportID) : null,
      async handler({ iReportID, sResolution, sReason, iDurationMs }, { operator }) {
        if (sResolution === 'ban' && !roleMay(operator.role, 'member:ban')) return fail(ErrorCode.CONSOLE_FORBIDDEN);
        const now = ctx.clock.now();
        const until = iDurationMs > 0 ? now + iDurationMs : null;
        const resolution: ReportResolution =
          sResolution === 'mute' || sResolution === 'ban' ? { as: sResolution, until } : { as: sResolution };
        const [report] = await reportQueue(ctx.db, { afterId: iReportID - 1, limit: 1, around: 0 });
        const resolved = await resolveReport(ctx, {
          reportId: iReportID,
          resolution,
          actor: operator.actor,
          reason: sReason,
          now,
        });
        if (!resolved) return fail(ErrorCode.NOT_FOUND, 'No such open report.');
        // Members hear it now, not at the next sync.
        if (report?.id === iReportID && sResolution === 'delete')
          hub.publish({ k: 'deleted', channelId: report.channelId, messageId: report.messageId });
        if (report?.id === iReportID && sResolution === 'mute')
          hub.toUser(report.authorId, { t: 'mute', pMute: { iUntil: until, sReason } });
        return { iErrorCode: ErrorCode.OK };
      },
    }),
    define({
      name: 'memberMute',
      permission: 'member:mute',
      input: memberMuteInput,
      bulk: 'sUserID',
      target: ({ sUserID }) => sUserID,
      async handler({ sUserID, sReason, iDurationMs }, { operator }) {
        if ((await usernamesOf(ctx.db, [sUserID])).size === 0) return fail(ErrorCode.NOT_FOUND, 'No such member.');
        const now = ctx.clock.now();
        const until = iDurationMs > 0 ? now + iDurationMs : null;
        await muteMember(ctx.db, { userId: sUserID, until, reason: sReason, actor: operator.actor, now });
        hub.toUser(sUserID, { t: 'mute', pMute: { iUntil: until, sReason } });
        return { iErrorCode: ErrorCode.OK };
      },
    }),
  ];
}
