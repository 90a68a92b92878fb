import type { ConsoleMemberRow } from '../../../protocol/console';
import { byId } from '../../shared/prefix';
import { memberProfiles, userIdsMatching } from '../identity/index';
import { linkedWallet, walletsStartingWith } from '../wallet/index';
import type { MembersDb } from './tables';

/**
 * The operators' member search (issue 27): by account id, or a prefix of the email, username,
 * referral code or linked wallet address, each an indexed prefix query. Every source answers its
 * first matches by account id, so their union in that order pages exactly: page N is rows
 * N×size… of it, and one more row tells whether another page follows.
 */
export async function findMembers(
  db: MembersDb,
  query: string,
  page: { page: number; size: number },
): Promise<{ rows: ConsoleMemberRow[]; more: boolean }> {
  const enough = (page.page + 1) * page.size + 1;
  const [accounts, wallets] = await Promise.all([
    userIdsMatching(db, query, enough),
    walletsStartingWith(db, query, enough),
  ]);
  const addresses = new Map(wallets.map((w) => [w.user_id, w.address]));
  const ids = [...new Set([...accounts, ...wallets.map((w) => w.user_id)])].sort(byId);
  const shown = ids.slice(page.page * page.size, (page.page + 1) * page.size);
  const profiles = new Map((await memberProfiles(db, shown)).map((p) => [p.userId, p]));
  const rows = await Promise.all(
    shown.flatMap((id) => {
      const p = profiles.get(id);
      if (!p) return [];
      return [
        (async () => ({
          sUserID: p.userId,
          sUsername: p.username ?? '',
          sEmail: p.email,
          bVerified: p.emailVerified,
          iJoinedAt: p.joinedAt,
          iLastSeenAt: p.lastSeenAt,
          bBanned: p.ban !== null,
          sWalletAddress: addresses.get(p.userId) ?? (await linkedWallet(db, p.userId))?.address ?? '',
        }))(),
      ];
    }),
  );
  return { rows, more: ids.length > (page.page + 1) * page.size };
}
