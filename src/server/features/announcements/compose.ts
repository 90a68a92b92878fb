import type { Selectable } from 'kysely';
import {
  ANNOUNCE_BODY_MAX,
  ANNOUNCE_SCHEDULE_MAX_MS,
  ANNOUNCE_TITLE_MAX,
  type AnnouncementSegment,
  type ConsoleAnnouncementRow,
  describeSegment,
  EVERYONE,
  segmentIsEmpty,
} from '../../../protocol/announcements';
import { ErrorCode } from '../../../protocol/errors';
import { writeAudit } from '../../shared/audit';
import { collectionList } from '../collectibles/index';
import { countSegment } from './segment';
import type { AnnouncementsDb, AnnouncementTable } from './tables';

/**
 * The operator's levers on announcements (issue 29): create (now or at a time), cancel, list.
 * The console's actions and the `announce` CLI call these same functions, which validate and write
 * the audit entry, so both answer the same codes and leave the same rows (only the actor differs).
 */
export interface NewAnnouncement {
  title: string;
  body: string;
  segment: AnnouncementSegment;
  /** 0: now. */
  sendAt: number;
  email: boolean;
}

export interface Who {
  actor: string;
  reason: string;
  now: number;
}

/** A refusal: one of the ANNOUNCE_* codes and its sentence (errors.ts has the same). */
export class AnnounceRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A schedule "now" may be a moment old by the time it arrives (the console's clock, a slow request). */
const PAST_GRACE_MS = 60_000;

/** The segment as it is kept: criteria trimmed, nothing but the flag when it is everyone. */
function normalSegment(segment: AnnouncementSegment): AnnouncementSegment {
  if (segment.bEveryone) return { ...EVERYONE };
  return {
    bEveryone: false,
    iJoinedAfter: Math.max(0, Math.trunc(segment.iJoinedAfter) || 0),
    iJoinedBefore: Math.max(0, Math.trunc(segment.iJoinedBefore) || 0),
    sCollectionID: segment.sCollectionID.trim(),
    bPlayed: segment.bPlayed,
    bVerified: segment.bVerified,
  };
}

/** The segment checked (ANNOUNCE_SEGMENT_INVALID) and normalised. */
export async function checkSegment(db: AnnouncementsDb, raw: AnnouncementSegment): Promise<AnnouncementSegment> {
  const segment = normalSegment(raw);
  if (segment.bEveryone) return segment;
  if (segmentIsEmpty(segment)) {
    throw new AnnounceRefused(ErrorCode.ANNOUNCE_SEGMENT_INVALID, 'Choose everyone, or at least one criterion.');
  }
  if (segment.iJoinedAfter && segment.iJoinedBefore && segment.iJoinedAfter >= segment.iJoinedBefore) {
    throw new AnnounceRefused(
      ErrorCode.ANNOUNCE_SEGMENT_INVALID,
      'No member can have joined after that date and before the other: joined after must come first.',
    );
  }
  if (segment.sCollectionID) {
    const known = (await collectionList(db)).some((c) => c.id === segment.sCollectionID);
    if (!known) {
      throw new AnnounceRefused(ErrorCode.ANNOUNCE_SEGMENT_INVALID, `No collection ${segment.sCollectionID}.`);
    }
  }
  return segment;
}

/** How many members a segment matches now (the console's live count, the confirmation). */
export async function previewSegment(db: AnnouncementsDb, raw: AnnouncementSegment): Promise<number> {
  return countSegment(db, await checkSegment(db, raw));
}

/**
 * Creates an announcement: due now (the job starts within seconds) or at `sendAt`. Answers its id
 * and the members the segment matches now. Throws AnnounceRefused.
 */
export async function createAnnouncement(
  db: AnnouncementsDb,
  draft: NewAnnouncement,
  who: Who,
): Promise<{ id: number; count: number }> {
  const title = draft.title.trim();
  const body = draft.body.trim();
  if (!title || title.length > ANNOUNCE_TITLE_MAX || !body || body.length > ANNOUNCE_BODY_MAX) {
    throw new AnnounceRefused(
      ErrorCode.ANNOUNCE_TEXT_INVALID,
      `Give the announcement a title of 1–${ANNOUNCE_TITLE_MAX} characters and a body of 1–${ANNOUNCE_BODY_MAX} characters.`,
    );
  }
  const segment = await checkSegment(db, draft.segment);
  const now = who.now;
  if (draft.sendAt && (draft.sendAt < now - PAST_GRACE_MS || draft.sendAt > now + ANNOUNCE_SCHEDULE_MAX_MS)) {
    throw new AnnounceRefused(ErrorCode.ANNOUNCE_TIME_INVALID, 'Choose a time in the future, at most a year from now.');
  }
  const sendAt = draft.sendAt ? Math.max(draft.sendAt, now) : now;
  const count = await countSegment(db, segment);
  if (!draft.sendAt && count === 0) {
    throw new AnnounceRefused(
      ErrorCode.ANNOUNCE_NO_RECIPIENTS,
      'No member matches these criteria now, so there is no one to send it to.',
    );
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('announcement')
      .values({
        title,
        body,
        segment: JSON.stringify(segment),
        email: draft.email ? 1 : 0,
        // Issue 38: one sent now is under way from the start, so the list never calls it "Scheduled".
        status: draft.sendAt ? 'scheduled' : 'sending',
        send_at: sendAt,
        cursor: '',
        delivered: 0,
        total: draft.sendAt ? 0 : count,
        emailed: 0,
        created_by: who.actor,
        created_at: now,
        started_at: draft.sendAt ? null : now,
        finished_at: null,
        cancelled_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await writeAudit(trx, {
      actor: who.actor,
      action: 'announce.send',
      detail: {
        id,
        title,
        segment: describeSegment(segment),
        sendAt: draft.sendAt ? sendAt : 'now',
        email: draft.email,
        matched: count,
        reason: who.reason,
      },
      at: now,
      memberId: null,
    });
    return { id, count };
  });
}

/** Stops a scheduled or in-progress send (what was delivered stays delivered). Throws AnnounceRefused. */
export async function cancelAnnouncement(db: AnnouncementsDb, id: number, who: Who): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('announcement')
      .set({ status: 'cancelled', finished_at: who.now, cancelled_by: who.actor })
      .where('id', '=', id)
      .where('status', 'in', ['scheduled', 'sending'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const exists = await trx.selectFrom('announcement').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw new AnnounceRefused(ErrorCode.NOT_FOUND, `No announcement ${id}.`);
      throw new AnnounceRefused(ErrorCode.ANNOUNCE_NOT_CANCELLABLE, 'This announcement was already sent or cancelled.');
    }
    await writeAudit(trx, {
      actor: who.actor,
      action: 'announce.cancel',
      detail: { id, reason: who.reason },
      at: who.now,
      memberId: null,
    });
  });
}

export function parseSegment(json: string): AnnouncementSegment {
  try {
    return normalSegment({ ...EVERYONE, bEveryone: false, ...(JSON.parse(json) as Partial<AnnouncementSegment>) });
  } catch {
    return { ...EVERYONE, bEveryone: false };
  }
}

export function toRow(row: Selectable<AnnouncementTable>, names: Map<string, string>): ConsoleAnnouncementRow {
  const segment = parseSegment(row.segment);
  return {
    iAnnouncementID: Number(row.id),
    sTitle: row.title,
    sBody: row.body,
    pSegment: segment,
    sSegment: describeSegment(segment, (id) => names.get(id) ?? id),
    bEmail: row.email === 1,
    sStatus: row.status,
    iSendAt: Number(row.send_at),
    iDelivered: Number(row.delivered),
    iTotal: Number(row.total),
    iEmailed: Number(row.emailed),
    iMailFailed: Number(row.mail_failed),
    sCreatedBy: row.created_by,
    iCreatedAt: Number(row.created_at),
    iFinishedAt: Number(row.finished_at ?? 0),
  };
}

/** A page of announcements, newest first. */
export async function listAnnouncements(
  db: AnnouncementsDb,
  page: { page: number; size: number },
): Promise<{ rows: ConsoleAnnouncementRow[]; more: boolean; collections: { id: string; name: string }[] }> {
  const [rows, collections] = await Promise.all([
    db
      .selectFrom('announcement')
      .selectAll()
      .orderBy('id', 'desc')
      .offset(page.page * page.size)
      .limit(page.size + 1)
      .execute(),
    collectionList(db),
  ]);
  const names = new Map(collections.map((c) => [c.id, c.name]));
  return {
    rows: rows.slice(0, page.size).map((r) => toRow(r, names)),
    more: rows.length > page.size,
    collections,
  };
}

/** How many announcements wait for their time or are being sent (the console's overview, issue 38). */
export async function pendingAnnouncementCount(db: AnnouncementsDb): Promise<number> {
  const row = await db
    .selectFrom('announcement')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['scheduled', 'sending'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
