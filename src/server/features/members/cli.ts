import { MEMBER_TABS, type MemberTab } from '../../../protocol/console';
import type { AdminContext, AdminResult, CliCommand } from '../../capability';
import { durationMs } from '../../cli/duration';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { banMember, findUserIdByHandle, unbanMember } from '../identity/index';
import { findMembers } from './find';
import { exportMemberData } from './levers';
import { addNote } from './notes';
import { memberProfile, memberTab } from './show';
import type { MembersTables } from './tables';

const when = (ms: number) => (ms ? new Date(ms).toISOString() : '-');
const PAGE = 25;

/** The words after `--reason` up to the next option. */
function reasonOf(args: string[]): string {
  const at = args.indexOf('--reason');
  if (at < 0) return '';
  const words: string[] = [];
  for (const word of args.slice(at + 1)) {
    if (word.startsWith('--')) break;
    words.push(word);
  }
  return words.join(' ').trim().slice(0, 300);
}

/** `member find|show|ban|unban|note|export`: the same capability functions as the console's actions. */
export const membersCli: CliCommand[] = [
  {
    group: 'member',
    examples: [
      'member find ada',
      'member show ada@example.com',
      'member show ada --tab statement',
      'member ban ada --reason Cheating in M1 --for 7d',
      'member unban ada --reason Appeal accepted',
      'member note ada Asked about a missing reward, see ticket 512',
      'member export ada@example.com',
    ],
    usage: `  member find QUERY                 members by id, or a prefix of email, username, referral code or wallet
  member show USER [--tab TAB]      one member's profile (USER: email, username or id); TAB: ${MEMBER_TABS.filter((t) => t !== 'profile').join(', ')}
  member ban USER --reason TEXT [--for 7d]
                                    ban (ends every session at once); --for: 30m, 12h, 7d… (default: until lifted)
  member unban USER [--reason TEXT] lift a ban
  member note USER TEXT…            add an operator note to the member's page
  member export USER [--reason TEXT]
                                    JSON of everything kept about the member (audited)`,
    async run(verb, args, ctx) {
      if (verb === 'find') return find(args, ctx);
      if (!['show', 'ban', 'unban', 'note', 'export'].includes(verb ?? '')) return unknownVerb('member', verb);
      const [handle, ...rest] = args;
      if (!handle || handle.startsWith('--')) return wrongUsage(`Which member? member ${verb} USER`);
      const userId = await findUserIdByHandle(ctx.db, handle);
      if (!userId) return refused(`No member ${handle}`);
      const now = ctx.now();
      if (verb === 'show') return show(userId, rest, ctx);
      if (verb === 'ban') {
        const reason = reasonOf(rest);
        if (!reason) return wrongUsage('A ban needs a reason: member ban USER --reason TEXT [--for 7d]');
        const length = option(rest, '--for');
        const ms = length === undefined ? null : durationMs(length);
        if (ms === 0 || (length !== undefined && ms === null)) return wrongUsage('--for takes 30m, 12h, 7d…');
        const until = ms === null ? null : now + ms;
        await banMember(ctx, userId, { actor: ctx.actor, reason, until, now });
        return done(`${handle} is banned ${until === null ? 'until lifted' : `until ${when(until)}`}`);
      }
      if (verb === 'unban') {
        const lifted = await unbanMember(ctx.db, userId, { actor: ctx.actor, reason: reasonOf(rest) || 'lifted', now });
        return lifted ? done(`${handle} is no longer banned`) : refused(`${handle} is not banned`);
      }
      if (verb === 'note') {
        const text = rest.join(' ').trim();
        if (!text) return wrongUsage('What does the note say? member note USER TEXT…');
        await addNote(ctx.db, { userId, text: text.slice(0, 2000), actor: ctx.actor, now });
        return done(`Note added to ${handle}`);
      }
      const data = await exportMemberData(ctx.db, userId, {
        actor: ctx.actor,
        reason: reasonOf(rest) || 'cli export',
        now,
      });
      return data ? done(JSON.stringify(data, null, 2)) : refused(`No member ${handle}`);
    },
  },
];

async function find(args: string[], ctx: AdminContext<MembersTables>): Promise<AdminResult> {
  const query = args.join(' ').trim();
  if (!query) return wrongUsage('Find what? member find QUERY');
  const { rows, more } = await findMembers(ctx.db, query, { page: 0, size: PAGE });
  if (rows.length === 0) return done(`No member matches ${query}`);
  const lines = rows.map(
    (r) =>
      `${r.sUserID}  ${(r.sUsername || '-').padEnd(20)} ${r.sEmail.padEnd(32)} ${r.bVerified ? 'verified' : 'unverified'}${r.bBanned ? '  BANNED' : ''}${r.sWalletAddress ? `  ${r.sWalletAddress}` : ''}`,
  );
  return done([...lines, ...(more ? [`… more than ${PAGE}: narrow the query`] : [])].join('\n'));
}

async function show(userId: string, args: string[], ctx: AdminContext<MembersTables>): Promise<AdminResult> {
  const tab = (option(args, '--tab') ?? 'profile') as MemberTab;
  if (!MEMBER_TABS.includes(tab)) return wrongUsage(`--tab is one of ${MEMBER_TABS.join(', ')}`);
  if (tab === 'profile') {
    const p = await memberProfile(ctx.db, userId, ctx.now());
    if (!p) return refused(`No member ${userId}`);
    return done(
      [
        `${p.sUsername || '(no profile)'}  ${p.sEmail}  ${p.sUserID}`,
        `verified ${p.bVerified}  joined ${when(p.iJoinedAt)}  last seen ${when(p.iLastSeenAt)}`,
        `points ${p.iPoints}  tickets ${p.iTickets}  referral code ${p.sReferralCode || '-'}  referred by ${p.sReferrerUsername || '-'}`,
        `wallet ${p.sWalletAddress || '-'}  whitelisted ${p.bWhitelisted}  muted ${p.bMuted}  role ${p.sRole}`,
        p.bBanned ? `BANNED: ${p.sBanReason} (until ${p.iBanUntil ? when(p.iBanUntil) : 'lifted'})` : 'not banned',
      ].join('\n'),
    );
  }
  const { rows, more } = await memberTab(ctx.db, userId, tab, { page: 0, size: PAGE });
  if (rows.length === 0) return done(`Nothing in ${tab}.`);
  const lines = rows.map((row) =>
    Object.values(row)
      .map((v) => (v === null ? '-' : String(v)))
      .join('  '),
  );
  return done([...lines, ...(more ? ['…'] : [])].join('\n'));
}
