import type {
  AnnounceCountAnswer,
  AnnounceListAnswer,
  AnnounceRetryMailAnswer,
  AnnounceSendAnswer,
} from '../../../protocol/announcements';
import {
  announceCancelInput,
  announceCountInput,
  announceListInput,
  announceRetryMailInput,
  announceSendInput,
} from '../../../protocol/announcements.schema';
import { ErrorCode } from '../../../protocol/errors';
import type { Answer } from '../../../protocol/wire';
import type { AppContext } from '../../capability';
import { fail, type Refusal } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { AnnounceRefused, cancelAnnouncement, createAnnouncement, listAnnouncements, previewSegment } from './compose';
import { retryFailedMail } from './retryMail';
import type { AnnouncementsTables } from './tables';

const define = consoleActionDefiner<AnnouncementsTables>();
const PAGE = 25;

/** The refusal's code and sentence, or the error thrown on. */
async function answering<T extends Answer>(work: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AnnounceRefused) return fail(error.code, error.message);
    throw error;
  }
}

/** The console's announcements (issue 29): the same capability functions as the `announce` CLI. */
export function announcementsConsoleActions(ctx: AppContext<AnnouncementsTables>): ConsoleActionDef[] {
  return [
    define({
      name: 'announceList',
      permission: 'announce:read',
      input: announceListInput,
      async handler({ iPage }): Promise<AnnounceListAnswer> {
        const { rows, more, collections } = await listAnnouncements(ctx.db, { page: iPage, size: PAGE });
        return {
          iErrorCode: ErrorCode.OK,
          aRows: rows,
          bMore: more,
          aCollections: collections.map((c) => ({ sCollectionID: c.id, sName: c.name })),
        };
      },
    }),
    define({
      name: 'announceCount',
      permission: 'announce:read',
      input: announceCountInput,
      handler: ({ pSegment }) =>
        answering(
          async (): Promise<AnnounceCountAnswer> => ({
            iErrorCode: ErrorCode.OK,
            iCount: await previewSegment(ctx.db, pSegment),
          }),
        ),
    }),
    define({
      name: 'announceSend',
      permission: 'announce:send',
      input: announceSendInput,
      handler: (input, { operator }) =>
        answering(async (): Promise<AnnounceSendAnswer> => {
          const { id, count } = await createAnnouncement(
            ctx.db,
            {
              title: input.sTitle,
              body: input.sBody,
              segment: input.pSegment,
              sendAt: input.iSendAt,
              email: input.bEmail,
            },
            { actor: operator.actor, reason: input.sReason, now: ctx.clock.now() },
          );
          return { iErrorCode: ErrorCode.OK, iAnnouncementID: id, iCount: count };
        }),
    }),
    define({
      name: 'announceCancel',
      permission: 'announce:send',
      input: announceCancelInput,
      handler: ({ iAnnouncementID, sReason }, { operator }) =>
        answering(async () => {
          await cancelAnnouncement(ctx.db, iAnnouncementID, {
            actor: operator.actor,
            reason: sReason,
            now: ctx.clock.now(),
          });
          return { iErrorCode: ErrorCode.OK };
        }),
    }),
    define({
      name: 'announceRetryMail',
      permission: 'announce:send',
      input: announceRetryMailInput,
      handler: ({ iAnnouncementID, sReason }, { operator }) =>
        answering(async (): Promise<AnnounceRetryMailAnswer> => {
          const { queued, stillFailed } = await retryFailedMail(ctx.db, iAnnouncementID, {
            actor: operator.actor,
            reason: sReason,
            now: ctx.clock.now(),
          });
          return { iErrorCode: ErrorCode.OK, iQueued: queued, iStillFailed: stillFailed };
        }),
    }),
  ];
}
