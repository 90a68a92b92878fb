import type { Collectible } from '../../../protocol/collectibles';
import type { NoticeKind, RewardNotice, RewardsUserData } from '../../../protocol/rewards';
import { prepared } from '../../shared/prepared';
import { notify as notifyEntry } from '../notifications/index';
import type { RewardsDb } from './tables';

/**
 * Notices (docs/product.md §11): what a member is told once — a grant, a refused referral code — kept
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

export interface RewardNoticePayload {
  sTitle: string;
  sMessage: string;
  iItemID?: number;
  iPoints?: number;
  iTickets?: number;
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
  aRewardNotices: RewardNoticePayload;
}

export function notify<K extends NoticeKind>(
  db: RewardsDb,
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

/**
 * Tells a member once about a reward another capability gave (inside its grant's transaction,
 * with the grant's key): it shows as its own popup after the spec's ones.
 */
export async function notifyReward(
  db: RewardsDb,
  notice: { userId: string; key: string; now: number } & RewardNoticePayload & RewardEntryChoice,
): Promise<void> {
  const { userId, key, now, entry = 'prize', link, ...payload } = notice;
  await notify(db, { userId, kind: 'aRewardNotices', payload, key, now });
  if (entry === 'none') return;
  // And an entry in the notification centre, which stays readable after the popup.
  await notifyEntry(
    db,
    [userId],
    {
      kind: 'prize',
      key: `prize:${key}`,
      title: payload.sTitle,
      body: payload.sMessage,
      link: link ?? (payload.iItemID !== undefined ? '/inventory' : '/home'),
    },
    now,
  );
}

/** What the notification centre gets beside the popup of notifyReward. */
export interface RewardEntryChoice {
  /**
   * 'prize' (default): a Prize entry. 'none': no entry, because the caller's own entry already
   * tells it (a raffle win: its result entry says "You won", issue 42).
   */
  entry?: 'prize' | 'none';
  /** Where the entry opens; default the inventory for an item, else /home. */
  link?: string;
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

const ITEM_KINDS = new Set<NoticeKind>(['pNFT', 'pRegisterNFT', 'pArtNFT', 'aRewardNotices']);

/** The item ids that pending notices refer to. */
export function noticeItemIds(notices: readonly ParsedNotice[]): number[] {
  return notices
    .filter((n) => ITEM_KINDS.has(n.kind) && n.payload.iItemID !== undefined)
    .map((n) => Number(n.payload.iItemID));
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
  | 'aRewardNotices'
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
    aRewardNotices: notices.filter((n) => n.kind === 'aRewardNotices').map((n) => rewardNotice(n, items)),
    iNoticeCursor: notices.reduce((max, n) => Math.max(max, n.id), 0),
  };
}

function rewardNotice(notice: ParsedNotice, items: ReadonlyMap<number, Collectible>): RewardNotice {
  const { payload } = notice;
  return {
    iNoticeID: notice.id,
    sTitle: typeof payload.sTitle === 'string' ? payload.sTitle : '',
    sMessage: typeof payload.sMessage === 'string' ? payload.sMessage : '',
    pItem: payload.iItemID === undefined ? null : (items.get(Number(payload.iItemID)) ?? null),
    iPoints: count(payload.iPoints),
    iTickets: count(payload.iTickets),
  };
}

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

export interface PendingNoticeRow {
  id: number;
  kind: string;
  payload: string;
}

/** Stores a notice unless one with the same key exists (a retried grant tells the member once). */
async function insertNotice(
  db: RewardsDb,
  notice: { userId: string; kind: string; payload: string; idemKey: string; now: number },
): Promise<void> {
  await db
    .insertInto('notice')
    .values({
      user_id: notice.userId,
      kind: notice.kind,
      payload: notice.payload,
      idem_key: notice.idemKey,
      created_at: notice.now,
      acknowledged_at: null,
    })
    .onConflict((oc) => oc.column('idem_key').doNothing())
    .execute();
}

const pendingNotices = prepared((db: RewardsDb, userId: string) =>
  db
    .selectFrom('notice')
    .select(['id', 'kind', 'payload'])
    .where('user_id', '=', userId)
    .where('acknowledged_at', 'is', null)
    .orderBy('id'),
);

export async function listPendingNotices(db: RewardsDb, userId: string): Promise<PendingNoticeRow[]> {
  const rows = await pendingNotices(db, userId);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Marks the member's pending notices of these kinds (up to an id, if given) acknowledged (idempotent); how many changed. */
export async function acknowledgeNotices(
  db: RewardsDb,
  ack: { userId: string; kinds: NoticeKind[]; upToNoticeId?: number; now: number },
): Promise<number> {
  if (ack.kinds.length === 0) return 0;
  let query = db
    .updateTable('notice')
    .set({ acknowledged_at: ack.now })
    .where('user_id', '=', ack.userId)
    .where('acknowledged_at', 'is', null)
    .where('kind', 'in', ack.kinds);
  if (ack.upToNoticeId !== undefined) query = query.where('id', '<=', ack.upToNoticeId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
