import { type AnnouncementSegment, EVERYONE } from '../../../protocol/announcements';
import type { AdminContext, AdminResult, CliCommand } from '../../capability';
import { done, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { AnnounceRefused, cancelAnnouncement, createAnnouncement, listAnnouncements, previewSegment } from './compose';
import { retryFailedMail } from './retryMail';
import type { AnnouncementsTables } from './tables';

const OPTIONS = new Set(['--title', '--body', '--segment', '--at', '--email', '--reason']);

/** The words after `--name` up to the next option (a quoted value arrives as one word). */
function text(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const words: string[] = [];
  for (const word of args.slice(at + 1)) {
    if (OPTIONS.has(word)) break;
    words.push(word);
  }
  return words.join(' ');
}

/** "2026-03-01", "2026-03-01T18:00Z" or epoch ms; NaN when it is none of these. */
function instant(value: string): number {
  return /^\d{10,15}$/.test(value) ? Number(value) : Date.parse(value);
}

/**
 * Every `--segment` (each may list criteria separated by commas), ANDed: joined-after=TIME,
 * joined-before=TIME, collection=ID, played, verified; none at all, or `everyone`: every member.
 */
export function parseSegmentArgs(args: string[]): AnnouncementSegment | string {
  const criteria = args.flatMap((word, i) => (word === '--segment' ? (args[i + 1] ?? '').split(',') : []));
  if (criteria.length === 0) return { ...EVERYONE };
  const segment: AnnouncementSegment = { ...EVERYONE, bEveryone: false };
  for (const criterion of criteria.map((c) => c.trim()).filter(Boolean)) {
    const [key, value = ''] = criterion.split('=', 2) as [string, string?];
    if (key === 'everyone') segment.bEveryone = true;
    else if (key === 'played') segment.bPlayed = true;
    else if (key === 'verified') segment.bVerified = true;
    else if (key === 'collection' && value) segment.sCollectionID = value;
    else if ((key === 'joined-after' || key === 'joined-before') && Number.isFinite(instant(value))) {
      if (key === 'joined-after') segment.iJoinedAfter = instant(value);
      else segment.iJoinedBefore = instant(value);
    } else return `Unknown segment criterion ${criterion}`;
  }
  return segment;
}

/** The announcement id a verb's first word names, or null. */
function announcementId(args: string[]): number | null {
  const id = Number(args[0]);
  return Number.isInteger(id) && id >= 1 ? id : null;
}

const when = (ms: number) => (ms ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') : '-');

async function refusedAs(work: () => Promise<AdminResult>): Promise<AdminResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AnnounceRefused) return refused(error.message);
    throw error;
  }
}

/** `announce send|count|list|cancel|retry-mail`: the same capability functions as the console's actions. */
export const announcementsCli: CliCommand<AnnouncementsTables>[] = [
  {
    group: 'announce',
    examples: [
      'announce send --title "Server move" --body "The portal moves **tonight** at 22:00 UTC." --segment verified',
      'announce send --title "Welcome, agents" --body "New here? Try the *M1 Demo*." --segment joined-after=2026-03-01 --segment collection=agent --at 2026-03-08T18:00Z --email',
      'announce count --segment played,verified',
      'announce list',
      'announce cancel 12 --reason Typo in the title',
      'announce retry-mail 12 --reason The mail server is back',
    ],
    usage: `  announce send --title TEXT --body MARKDOWN [--segment …] [--at TIME] [--email] [--reason TEXT]
                                    a message in every matching member's notifications and popups (and mail
                                    with --email, to members who asked for news); --segment (ANDed, repeatable,
                                    comma lists): joined-after=TIME, joined-before=TIME, collection=ID, played,
                                    verified; none: everyone. --at: a time such as 2026-03-08T18:00Z (default now)
  announce count [--segment …]      how many members the segment matches now
  announce list                     announcements, newest first, with their status
  announce cancel ID [--reason TEXT]
                                    stop a scheduled or in-progress send
  announce retry-mail ID [--reason TEXT]
                                    send its failed mail again (what the mail server refused stays failed)`,
    async run(verb, args, ctx) {
      if (verb === 'list') return list(ctx);
      if (verb === 'count') {
        const segment = parseSegmentArgs(args);
        if (typeof segment === 'string') return wrongUsage(segment);
        return refusedAs(async () => {
          const count = await previewSegment(ctx.db, segment);
          return done(`${count} ${count === 1 ? 'member matches' : 'members match'}`);
        });
      }
      if (verb === 'retry-mail') return retryMail(args, ctx);
      if (verb === 'cancel') {
        const id = announcementId(args);
        if (!id) return wrongUsage('Which announcement? announce cancel ID');
        return refusedAs(async () => {
          await cancelAnnouncement(ctx.db, id, {
            actor: ctx.actor,
            reason: text(args, '--reason') || 'cancelled from the CLI',
            now: ctx.now(),
          });
          return done(`Announcement ${id} cancelled`);
        });
      }
      if (verb !== 'send') return unknownVerb('announce', verb);
      const title = text(args, '--title');
      const body = text(args, '--body');
      if (title === undefined || body === undefined) {
        return wrongUsage('An announcement needs --title TEXT and --body MARKDOWN');
      }
      const segment = parseSegmentArgs(args);
      if (typeof segment === 'string') return wrongUsage(segment);
      const at = text(args, '--at');
      const sendAt = at === undefined ? 0 : instant(at);
      if (!Number.isFinite(sendAt)) return wrongUsage('--at takes a time such as 2026-03-08T18:00Z');
      return refusedAs(async () => {
        const { id, count } = await createAnnouncement(
          ctx.db,
          { title, body, segment, sendAt, email: args.includes('--email') },
          { actor: ctx.actor, reason: text(args, '--reason') || 'sent from the CLI', now: ctx.now() },
        );
        const due = sendAt ? `at ${when(sendAt)} UTC` : 'now (the running portal delivers it within seconds)';
        return done(`Announcement ${id} to ${count} member${count === 1 ? '' : 's'} (as of now), sent ${due}`);
      });
    },
  },
];

async function list(ctx: AdminContext<AnnouncementsTables>): Promise<AdminResult> {
  const { rows } = await listAnnouncements(ctx.db, { page: 0, size: 50 });
  if (rows.length === 0) return done('No announcements yet.');
  return done(
    rows
      .map((r) => {
        const status =
          r.sStatus === 'sending'
            ? `sending ${r.iDelivered}/${r.iTotal}`
            : r.sStatus === 'sent'
              ? `sent ${r.iDelivered}`
              : r.sStatus;
        return `${String(r.iAnnouncementID).padStart(4)}  ${status.padEnd(18)} ${when(r.iSendAt)}  ${r.sTitle}  [${r.sSegment}${r.bEmail ? ', email' : ''}]`;
      })
      .join('\n'),
  );
}

async function retryMail(args: string[], ctx: AdminContext<AnnouncementsTables>): Promise<AdminResult> {
  const id = announcementId(args);
  if (!id) return wrongUsage('Which announcement? announce retry-mail ID');
  return refusedAs(async () => {
    const { queued, stillFailed } = await retryFailedMail(ctx.db, id, {
      actor: ctx.actor,
      reason: text(args, '--reason') || 'sent again from the CLI',
      now: ctx.now(),
    });
    const refusedNote = stillFailed > 0 ? `; ${stillFailed} stay failed (the mail server refused them)` : '';
    return done(
      `Announcement ${id}: ${queued} mail${queued === 1 ? '' : 's'} to send again (the running portal sends them)${refusedNote}`,
    );
  });
}
