import type { ConsoleMemberRow } from '../../../protocol/console';
import { memberProfiles, userIdsMatching } from '../identity/index';
import { linkedWallet, walletsStartingWith } from '../wallet/index';
import type { MembersDb } from './tables';

/**
 * The operators' member search (issue 27): by account id, or a prefix of the email, username,
 * referral code or linked wallet address, each an indexed prefix query; ordered by username
 * (then email), paged.
 */
export async function findMembers(
  db: MembersDb,
  query: string,
  page: { page: number; size: number },
): Promise<{ rows: ConsoleMemberRow[]; more: boolean }> {
  // Enough candidates of each kind for the pages up to this one, and one more to tell "more".
  const enough = (page.page + 1) * page.size + 1;
  const [accounts, wallets] = await Promise.all([
    userIdsMatching(db, query, enough),
    walletsStartingWith(db, query, enough),
  ]);
  const addresses = new Map(wallets.map((w) => [w.user_id, w.address]));
  const ids = [...new Set([...accounts, ...wallets.map((w) => w.user_id)])];
  const profiles = await memberProfiles(db, ids);
  profiles.sort(
    (a, b) =>
      (a.username ?? '~').localeCompare(b.username ?? '~') ||
      a.email.localeCompare(b.email) ||
      a.userId.localeCompare(b.userId),
  );
  const shown = profiles.slice(page.page * page.size, (page.page + 1) * page.size);
  const rows = await Promise.all(
    shown.map(async (p) => ({
      sUserID: p.userId,
      sUsername: p.username ?? '',
      sEmail: p.email,
      bVerified: p.emailVerified,
      iJoinedAt: p.joinedAt,
      iLastSeenAt: p.lastSeenAt,
      bBanned: p.ban !== null,
      sWalletAddress: addresses.get(p.userId) ?? (await linkedWallet(db, p.userId))?.address ?? '',
    })),
  );
  return { rows, more: profiles.length > (page.page + 1) * page.size };
}
