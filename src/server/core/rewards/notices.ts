import type { Collectible, NoticeKind, RewardsUserData } from '../../../protocol/rewards';
import type { DbOrTrx } from './db';
import { acknowledgeNotices as acknowledgeNoticeRows, insertNotice, type PendingNoticeRow } from './noticeRepo';

/**
 * Notices (DESIGN.md §4): what a member is told once — a grant, a refused referral code — kept
 * until their browser acknowledges it. Payloads hold ids and amounts, not rendered collectibles,
 * so a notice shows the item as it is now (minted or not).
 */
export interface ItemNoticePayload {
  iItemID: number;
}
export interface TicketNoticePayload {
  iTickets: number;
}
export interface DailyNoticePayload {
  sDay: string;
  iDay: number;
  iPoints: number;
  iTickets: number;
  iNormalPoints: number;
  iNormalTickets: number;
  bFirstCycle: boolean;
}

export interface NoticePayloads {
  pNFT: ItemNoticePayload;
  pRegisterNFT: ItemNoticePayload;
  pArtNFT: ItemNoticePayload;
  iNewUserRaffleTickets: TicketNoticePayload;
  iReferralRaffleTickets: TicketNoticePayload;
  bReferralCodeUsed: Record<string, never>;
  bInvalidReferralCode: Record<string, never>;
  iLoginRewardDay: DailyNoticePayload;
}

export function notify<K extends NoticeKind>(
  db: DbOrTrx,
  notice: { userId: string; kind: K; payload: NoticePayloads[K]; key: string; now: number },
): Promise<void> {
  return insertNotice(db, {
    userId: notice.userId,
    kind: notice.kind,
    payload: JSON.stringify(notice.payload),
    idemKey: `${notice.kind}:${notice.key}`,
    now: notice.now,
  });
}

export interface ParsedNotice {
  id: number;
  kind: NoticeKind;
  payload: Record<string, unknown>;
}

export function parseNotices(rows: readonly PendingNoticeRow[]): ParsedNotice[] {
  return rows.map((row) => {
    let payload: Record<string, unknown> = {};
    try {
      payload = JSON.parse(row.payload) ?? {};
    } catch {
      // a damaged payload still shows its kind
    }
    return { id: row.id, kind: row.kind as NoticeKind, payload };
  });
}

const ITEM_KINDS = new Set<NoticeKind>(['pNFT', 'pRegisterNFT', 'pArtNFT']);

/** The item ids that pending notices refer to. */
export function noticeItemIds(notices: readonly ParsedNotice[]): number[] {
  return notices.filter((n) => ITEM_KINDS.has(n.kind)).map((n) => Number(n.payload.iItemID));
}

export type NoticeFields = Pick<
  RewardsUserData,
  | 'pNFT'
  | 'pRegisterNFT'
  | 'pArtNFT'
  | 'iNewUserRaffleTickets'
  | 'iReferralRaffleTickets'
  | 'iTotalTickets'
  | 'bReferralCodeUsed'
  | 'bInvalidReferralCode'
  | 'iLoginRewardPoints'
  | 'iLoginRewardRaffleTickets'
  | 'iLoginRewardDay'
  | 'iLoginRewardNormalPoints'
  | 'iLoginRewardNormalRaffleTickets'
  | 'iNoticeCursor'
>;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The pUserData notice fields: item notices show their newest item, ticket notices add up. */
export function noticeFields(notices: readonly ParsedNotice[], items: ReadonlyMap<number, Collectible>): NoticeFields {
  const newest = (kind: NoticeKind) => notices.filter((n) => n.kind === kind).at(-1);
  const item = (kind: NoticeKind) => items.get(Number(newest(kind)?.payload.iItemID)) ?? null;
  const tickets = (kind: NoticeKind) =>
    notices.filter((n) => n.kind === kind).reduce((sum, n) => sum + count(n.payload.iTickets), 0);
  const daily = newest('iLoginRewardDay')?.payload ?? {};
  const iNewUserRaffleTickets = tickets('iNewUserRaffleTickets');
  const iReferralRaffleTickets = tickets('iReferralRaffleTickets');
  return {
    pNFT: item('pNFT'),
    pRegisterNFT: item('pRegisterNFT'),
    pArtNFT: item('pArtNFT'),
    iNewUserRaffleTickets,
    iReferralRaffleTickets,
    iTotalTickets: iNewUserRaffleTickets + iReferralRaffleTickets,
    bReferralCodeUsed: newest('bReferralCodeUsed') !== undefined,
    bInvalidReferralCode: newest('bInvalidReferralCode') !== undefined,
    iLoginRewardPoints: count(daily.iPoints),
    iLoginRewardRaffleTickets: count(daily.iTickets),
    iLoginRewardDay: count(daily.iDay),
    iLoginRewardNormalPoints: count(daily.iNormalPoints),
    iLoginRewardNormalRaffleTickets: count(daily.iNormalTickets),
    iNoticeCursor: notices.reduce((max, n) => Math.max(max, n.id), 0),
  };
}

/** Marks the member's pending notices of these kinds seen (idempotent); how many changed. */
export function acknowledgeNotices(
  db: DbOrTrx,
  ack: { userId: string; kinds: NoticeKind[]; upToNoticeId?: number; now: number },
): Promise<number> {
  return acknowledgeNoticeRows(db, { userId: ack.userId, kinds: ack.kinds, upToId: ack.upToNoticeId, now: ack.now });
}
