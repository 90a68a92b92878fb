import type { AdminContext, AdminResult, CliCommand } from '../../capability';
import { durationMs } from '../../cli/duration';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { findUserIdByHandle, usernamesOf } from '../identity/index';
import {
  addChannel,
  type ChannelResult,
  listChannelRows,
  setChannelArchived,
  setSlowMode,
  updateChannel,
} from './channels';
import {
  changeChatOperator,
  deleteAsOperator,
  dismissReport,
  listChatOperators,
  listMutes,
  listReports,
  muteMember,
  unmuteMember,
} from './moderation';
import { type ReportResolution, resolveReport } from './reportQueue';
import type { ChatTables } from './tables';

const MAX_MUTE_MS = 365 * 86_400_000;

/** A mute's length: "30s", "10m", "2h", "7d" (up to a year) in milliseconds; null for "forever"; undefined when not understood. */
export function parseDuration(text: string): number | null | undefined {
  if (text === 'forever') return null;
  const ms = durationMs(text);
  return ms !== null && ms > 0 && ms <= MAX_MUTE_MS ? ms : undefined;
}

const when = (ms: number | null) => (ms === null ? 'forever' : new Date(ms).toISOString());
const positiveId = (text: string | undefined) =>
  text && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;

async function member(
  ctx: AdminContext<ChatTables>,
  handle: string | undefined,
): Promise<{ id: string; label: string } | null> {
  if (!handle) return null;
  const id = await findUserIdByHandle(ctx.db, handle);
  if (!id) return null;
  return { id, label: (await usernamesOf(ctx.db, [id])).get(id) ?? id };
}

/** `--reason TEXT` of a channel or operator change: the reason, '' when absent, or undefined when malformed. */
function reasonOf(args: string[]): string | undefined {
  if (!args.includes('--reason')) return '';
  const reason = option(args, '--reason')?.trim();
  return reason && reason.length <= 300 ? reason : undefined;
}

/** The arguments without `--reason TEXT`. */
function withoutReason(args: string[]): string[] {
  const at = args.indexOf('--reason');
  return at === -1 ? args : [...args.slice(0, at), ...args.slice(at + 2)];
}

function channelAnswer(result: ChannelResult, success: string): AdminResult {
  if (result.ok) return done(success);
  return result.refusal === 'invalid' ? wrongUsage(result.problem) : refused(result.problem);
}

async function channelCommand(
  verb: string | undefined,
  all: string[],
  ctx: AdminContext<ChatTables>,
): Promise<AdminResult> {
  const reason = reasonOf(all);
  if (reason === undefined) return wrongUsage('--reason takes 1–300 characters');
  const audit = { actor: ctx.actor, now: ctx.now(), ...(reason ? { reason } : {}) };
  const args = withoutReason(all);
  const [id, ...rest] = args;
  if (verb === 'list') {
    const rows = await listChannelRows(ctx.db, { archived: true });
    if (rows.length === 0) return done('No channels yet.');
    return done(
      rows
        .map((c) => {
          const state = c.archived_at === null ? 'open' : 'archived';
          const slow = Number(c.slow_mode_ms) > 0 ? `slow ${Number(c.slow_mode_ms) / 1000}s` : '-';
          return `${c.id.padEnd(20)} ${state.padEnd(8)} ${slow.padEnd(10)} ${c.name}  ${c.topic}`;
        })
        .join('\n'),
    );
  }
  if (!id) return wrongUsage('Which channel? chat channel add|rename|topic|archive|restore|slow ID …');
  if (verb === 'add') {
    const name = rest[0] && !rest[0].startsWith('--') ? rest[0] : id;
    const topic = option(rest, '--topic') ?? '';
    return channelAnswer(await addChannel(ctx.db, { id, name, topic }, audit), `Channel ${id} added`);
  }
  if (verb === 'rename' || verb === 'topic') {
    const text = rest.join(' ');
    if (verb === 'rename' && !text) return wrongUsage('chat channel rename ID NAME');
    const change = verb === 'rename' ? { id, name: text } : { id, topic: text };
    return channelAnswer(
      await updateChannel(ctx.db, change, audit),
      verb === 'rename'
        ? `Channel ${id} is now called ${text}`
        : text
          ? `Topic of ${id}: ${text}`
          : `Topic of ${id} cleared`,
    );
  }
  if (verb === 'archive' || verb === 'restore') {
    const archived = verb === 'archive';
    return channelAnswer(
      await setChannelArchived(ctx.db, { id, archived }, audit),
      `Channel ${id} ${archived ? 'archived' : 'restored'}`,
    );
  }
  if (verb === 'slow') {
    const seconds = rest[0];
    if (!seconds || !/^\d{1,5}$/.test(seconds))
      return wrongUsage('Slow mode takes whole seconds: chat channel slow ID SECONDS (0: off)');
    return channelAnswer(
      await setSlowMode(ctx.db, { id, slowModeMs: Number(seconds) * 1000 }, audit),
      Number(seconds) === 0 ? `Slow mode off in ${id}` : `Slow mode in ${id}: one message per ${seconds}s per member`,
    );
  }
  return unknownVerb('chat channel', verb);
}

async function operatorCommand(
  verb: string | undefined,
  all: string[],
  ctx: AdminContext<ChatTables>,
): Promise<AdminResult> {
  if (verb === 'list') {
    const rows = await listChatOperators(ctx.db);
    if (rows.length === 0) return done('No chat operators yet.');
    const names = await usernamesOf(
      ctx.db,
      rows.map((r) => r.user_id),
    );
    return done(
      rows
        .map((r) => `${names.get(r.user_id) ?? r.user_id}  since ${when(Number(r.granted_at))}  by ${r.granted_by}`)
        .join('\n'),
    );
  }
  if (verb !== 'add' && verb !== 'remove') return unknownVerb('chat operator', verb);
  const reason = reasonOf(all);
  if (reason === undefined) return wrongUsage('--reason takes 1–300 characters');
  const [handle] = withoutReason(all);
  if (!handle) return wrongUsage(`Who? chat operator ${verb} USER`);
  const result = await changeChatOperator(
    ctx.db,
    { handle, operator: verb === 'add' },
    { actor: ctx.actor, now: ctx.now(), ...(reason ? { reason } : {}) },
  );
  return result.ok ? done(result.sentence) : refused(result.problem);
}

async function reportsCommand(args: string[], ctx: AdminContext<ChatTables>): Promise<AdminResult> {
  if (args[0] === 'dismiss') {
    const id = positiveId(args[1]);
    if (id === null) return wrongUsage('Which report? chat reports dismiss REPORT_ID');
    const closed = await dismissReport(ctx.db, { reportId: id, actor: ctx.actor, now: ctx.now() });
    return closed ? done(`Report ${id} dismissed`) : refused(`No open report ${id}`);
  }
  if (args[0] === 'resolve') return resolveCommand(args.slice(1), ctx);
  const all = args.includes('--all');
  const reports = await listReports(ctx.db, { all });
  if (reports.length === 0) return done(all ? 'No reports yet.' : 'No open reports.');
  const names = await usernamesOf(
    ctx.db,
    reports.flatMap((r) => [r.authorId, r.reporterId]),
  );
  const name = (id: string) => names.get(id) ?? id;
  return done(
    reports
      .map((r) => {
        const text = r.body.replace(/\s+/g, ' ').slice(0, 80);
        const state = r.resolution ?? (r.deleted ? 'open (message deleted)' : 'open');
        return `#${r.id} message ${r.messageId} in ${r.channelId} by ${name(r.authorId)}: "${text}"\n    ${r.reason}${r.note ? ` (${r.note})` : ''} reported by ${name(r.reporterId)} at ${when(r.createdAt)}; ${state}`;
      })
      .join('\n'),
  );
}

const RESOLUTIONS = ['dismiss', 'delete', 'mute', 'ban'] as const;

/** `chat reports resolve REPORT_ID dismiss|delete|mute|ban [--for 7d] --reason TEXT`: the console's reportResolve. */
async function resolveCommand(args: string[], ctx: AdminContext<ChatTables>): Promise<AdminResult> {
  const usage = 'chat reports resolve REPORT_ID dismiss|delete|mute|ban [--for 7d] --reason TEXT';
  const id = positiveId(args[0]);
  const as = RESOLUTIONS.find((r) => r === args[1]);
  const reason = option(args, '--reason')?.trim();
  if (id === null || !as || !reason) return wrongUsage(usage);
  const length = option(args, '--for');
  const ms = length === undefined ? null : parseDuration(length);
  if (ms === undefined) return wrongUsage('--for takes 30s, 10m, 2h, 7d … (up to a year)');
  const now = ctx.now();
  const until = ms === null ? null : now + ms;
  const resolution: ReportResolution = as === 'mute' || as === 'ban' ? { as, until } : { as };
  const resolved = await resolveReport(ctx, { reportId: id, resolution, actor: ctx.actor, reason, now });
  return resolved ? done(`Report ${id} resolved: ${as}`) : refused(`No open report ${id}`);
}

/** `chat …`: channels, operators, mutes, deletes and the report queue; every change is audited. */
export const chatCli: CliCommand[] = [
  {
    group: 'chat',
    examples: [
      'chat channel list',
      "chat channel add lore Lore --topic 'Theories and tomes'",
      'chat channel slow general 10',
      "chat channel topic lore 'Theories, tomes and the stars' --reason 'Clearer topic'",
      "chat mute ada@example.com 2h --reason 'spam links'",
      'chat unmute ada',
      'chat reports',
      'chat reports dismiss 12',
      "chat reports resolve 12 mute --for 1d --reason 'insults'",
      "chat delete 4812 --reason 'personal data'",
      'chat operator add ada',
    ],
    usage: `  chat channel list                             show every channel (open and archived)
  chat channel add ID [NAME] [--topic TEXT]     add a channel (id: lower-case letters, digits, -)
  chat channel rename ID NAME                   change a channel's name
  chat channel topic ID [TEXT]                  change (or clear) a channel's topic
  chat channel archive|restore ID               hide a channel (history kept) or bring it back
  chat channel slow ID SECONDS                  slow mode: one message per member per SECONDS (0: off)
  chat mute USER DURATION [--reason TEXT]       mute a member for 30s, 10m, 2h, 7d … or forever
  chat unmute USER                              lift a mute
  chat mutes                                    show who is muted
  chat delete MESSAGE_ID [--reason TEXT]        delete a message (closes its reports)
  chat reports [--all]                          the queue of reported messages
  chat reports dismiss REPORT_ID                close a report without deleting
  chat reports resolve REPORT_ID dismiss|delete|mute|ban [--for 7d] --reason TEXT
                                                close a report by acting on it (mute, ban: the author)
  chat operator add|remove|list [USER]          members who may delete any message from the web
  Channel and operator changes take --reason TEXT, kept in the audit log (as the console's reason is).`,
    async run(verb, args, ctx) {
      if (verb === 'channel') return channelCommand(args[0], args.slice(1), ctx);
      if (verb === 'operator') return operatorCommand(args[0], args.slice(1), ctx);
      if (verb === 'reports') return reportsCommand(args, ctx);
      if (verb === 'mutes') {
        const mutes = await listMutes(ctx.db, ctx.now());
        if (mutes.length === 0) return done('Nobody is muted.');
        const names = await usernamesOf(
          ctx.db,
          mutes.map((m) => m.user_id),
        );
        return done(
          mutes
            .map(
              (m) =>
                `${names.get(m.user_id) ?? m.user_id}  until ${when(m.until === null ? null : Number(m.until))}  ${m.reason || '-'}  by ${m.muted_by}`,
            )
            .join('\n'),
        );
      }
      if (verb === 'mute' || verb === 'unmute') {
        const found = await member(ctx, args[0]);
        if (!found) return args[0] ? refused(`No member ${args[0]}`) : wrongUsage(`Who? chat ${verb} USER`);
        const now = ctx.now();
        if (verb === 'unmute') {
          const lifted = await unmuteMember(ctx.db, { userId: found.id, actor: ctx.actor, now });
          return lifted ? done(`${found.label} may chat again`) : done(`${found.label} was not muted`);
        }
        const duration = parseDuration(args[1] ?? '');
        if (duration === undefined)
          return wrongUsage('How long? e.g. chat mute USER 10m (s, m, h, d, up to 365d, or forever)');
        const reason = option(args, '--reason') ?? '';
        if (reason.length > 300) return wrongUsage('A reason is at most 300 characters.');
        const until = duration === null ? null : now + duration;
        await muteMember(ctx.db, { userId: found.id, until, reason, actor: ctx.actor, now });
        return done(`${found.label} is muted until ${when(until)}`);
      }
      if (verb === 'delete') {
        const id = positiveId(args[0]);
        if (id === null) return wrongUsage('Which message? chat delete MESSAGE_ID');
        const reason = option(args, '--reason') ?? '';
        const row = await deleteAsOperator(ctx.db, { messageId: id, actor: ctx.actor, reason, now: ctx.now() });
        return row ? done(`Message ${id} deleted`) : refused(`No message ${id} (or it is already deleted)`);
      }
      return unknownVerb('chat', verb);
    },
  },
];
