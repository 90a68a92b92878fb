import type { ConsoleMemberProfile, ConsoleNoteRow, ConsoleSessionRow, MemberTab } from '../../../protocol/console';
import { deviceOf } from '../../../protocol/device';
import { memberMessages, memberModeration } from '../chat/index';
import { memberInventory } from '../collectibles/index';
import { memberBestScores, memberRuns } from '../games/index';
import { memberProfiles, memberSessions, referredMembers, usernamesOf } from '../identity/index';
import { roleOf } from '../operators/index';
import { memberRaffleHistory } from '../raffle/index';
import { findBalance, listPendingNotices, readStatement } from '../rewards/index';
import { memberPurchases } from '../store/index';
import { linkedWallet } from '../wallet/index';
import { isMemberListed } from '../whitelist/index';
import { listNotes } from './notes';
import type { MembersDb } from './tables';

type Cell = string | number | boolean | null;
export type TabRows = { rows: Record<string, Cell>[]; more: boolean };

/** One member's profile tab (issue 27), or null for no such account. */
export async function memberProfile(db: MembersDb, userId: string, now: number): Promise<ConsoleMemberProfile | null> {
  const [profile] = await memberProfiles(db, [userId]);
  if (!profile) return null;
  const [wallet, balance, moderation, role] = await Promise.all([
    linkedWallet(db, userId),
    findBalance(db, userId),
    memberModeration(db, userId, { offset: 0, limit: 0 }),
    roleOf(db, userId),
  ]);
  const referrer = profile.referrerUserId
    ? (await usernamesOf(db, [profile.referrerUserId])).get(profile.referrerUserId)
    : '';
  const mute = moderation.mute;
  return {
    sUserID: profile.userId,
    sUsername: profile.username ?? '',
    sEmail: profile.email,
    bVerified: profile.emailVerified,
    iJoinedAt: profile.joinedAt,
    iLastSeenAt: profile.lastSeenAt,
    bBanned: profile.ban !== null,
    sWalletAddress: wallet?.address ?? '',
    sReferralCode: profile.referralCode ?? '',
    sReferrerUserID: profile.referrerUserId ?? '',
    sReferrerUsername: referrer ?? '',
    bWhitelisted: await isMemberListed(db, profile.email, wallet?.address ?? null),
    sRole: role ?? 'user',
    sBanReason: profile.ban?.reason ?? '',
    iBanUntil: profile.ban?.until ?? 0,
    bMuted: mute !== null && (mute.until === null || mute.until > now),
    iPoints: balance.points,
    iTickets: balance.tickets,
  };
}

/**
 * One tab of a member's page, paged (`page`, `size`): a page is read with one more row than
 * shown, to tell whether another follows. Id-ordered tabs page by offset too, for one shape.
 */
export async function memberTab(
  db: MembersDb,
  userId: string,
  tab: Exclude<MemberTab, 'profile'>,
  page: { page: number; size: number },
): Promise<TabRows> {
  const offset = page.page * page.size;
  const window = { offset, limit: page.size + 1 };
  const paged = <T extends Record<string, Cell>>(rows: T[]) => ({
    rows: rows.slice(0, page.size),
    more: rows.length > page.size,
  });
  const slice = <T extends Record<string, Cell>>(rows: T[]) => paged(rows.slice(offset, offset + page.size + 1));
  switch (tab) {
    case 'referred':
      return paged(
        (await referredMembers(db, userId, window)).map((m) => ({
          sUserID: m.userId,
          sUsername: m.username,
          iJoinedAt: m.joinedAt,
        })),
      );
    case 'sessions': {
      const { rows } = await memberSessions(db, userId, window);
      return paged(
        rows.map((s): ConsoleSessionRow & Record<string, Cell> => ({
          sSessionID: s.sessionId,
          sDevice: deviceOf(s.userAgent),
          sIp: s.ipAddress ?? '',
          iCreatedAt: s.createdAt,
          iLastActiveAt: s.lastActiveAt,
          iExpiresAt: s.expiresAt,
        })),
      );
    }
    case 'collectibles': {
      const collections = await memberInventory(db, userId);
      return slice(
        collections.flatMap((c) =>
          c.aItems.map((item) => ({
            sItemID: item.sItemID,
            sCollectionID: c.sCollectionID,
            sTemplateID: item.sTemplateID,
            sName: item.publicMetadata.name ?? '',
            bMinted: item.blockchainTokenId !== undefined,
          })),
        ),
      );
    }
    case 'statement': {
      // The statement pages by id; the console's pages are its first (page + 1) × size lines.
      const statement = await readStatement(db, userId, { limit: offset + page.size + 1 });
      return slice(
        statement.lines.map((l) => ({
          iLedgerID: l.id,
          iAt: l.at,
          sReason: l.reason,
          sAsset: l.asset,
          iAmount: l.amount,
          sItemID: l.itemPublicId,
          sItemName: l.itemName,
          iPointsAfter: l.pointsAfter,
          iTicketsAfter: l.ticketsAfter,
        })),
      );
    }
    case 'purchases':
      return paged(
        (await memberPurchases(db, userId, window)).map((p) => ({
          iPurchaseID: p.id,
          sItemID: p.itemId,
          sName: p.name,
          iQuantity: p.quantity,
          iUnitPrice: p.unitPrice,
          iAt: p.at,
        })),
      );
    case 'raffles':
      return paged(
        (await memberRaffleHistory(db, userId, window)).map((r) => ({
          iRaffleID: r.raffleId,
          sTitle: r.title,
          sStatus: r.status,
          iClosesAt: r.closesAt,
          iTickets: r.tickets,
          bRefunded: r.refunded,
          /** The prizes won in it, comma separated ('' when none). */
          sPrizesWon: r.prizesWon.join(', '),
          bDelivered: r.delivered,
        })),
      );
    case 'games':
      return paged(
        (await memberRuns(db, userId, window)).map((r) => ({
          iRunID: r.runId,
          sGameID: r.gameId,
          sStatus: r.status,
          iScore: r.score,
          iLevel: r.level,
          sRefusedReason: r.refusedReason,
          iStartedAt: r.startedAt,
          iFinishedAt: r.finishedAt,
        })),
      );
    case 'scores':
      return slice(
        (await memberBestScores(db, userId)).map((s) => ({ sGameID: s.gameId, iBestScore: s.best, iWeeks: s.weeks })),
      );
    case 'chat': {
      const messages = await memberMessages(db, userId, { limit: offset + page.size + 1 });
      return slice(
        messages.map((m) => ({
          iMessageID: m.id,
          sChannelID: m.channelId,
          sText: m.body,
          iCreatedAt: m.createdAt,
          bEdited: m.edited,
          sDeletedBy: m.deletedBy,
        })),
      );
    }
    case 'moderation': {
      const { reports } = await memberModeration(db, userId, window);
      return paged(
        reports.map((r) => ({
          iReportID: r.id,
          iMessageID: r.messageId,
          /** true: a report about this member's message; false: a report this member made. */
          bAboutMember: r.about,
          sReporterUserID: r.reporterId,
          sReason: r.reason,
          iCreatedAt: r.createdAt,
          sResolution: r.resolution,
        })),
      );
    }
    case 'notices':
      return slice(
        (await listPendingNotices(db, userId)).map((n) => ({ iNoticeID: n.id, sKind: n.kind, sPayload: n.payload })),
      );
    case 'notes':
      return paged(
        (await listNotes(db, userId, window)).map((n): ConsoleNoteRow & Record<string, Cell> => ({
          iNoteID: n.id,
          sText: n.text,
          sActor: n.actor,
          iCreatedAt: n.createdAt,
        })),
      );
  }
}
