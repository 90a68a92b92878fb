import { CONSOLE_ROLES } from '../../../protocol/console';
import type { AdminResult, CliCommand } from '../../capability';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { auditCsv } from '../../shared/audit';
import { signInStandings } from '../identity/index';
import { auditPage } from './audit';
import { dailyCapFor, dailyCaps, setDailyCap } from './dailyCaps';
import {
  addOperator,
  alreadyOperatorSentence,
  grantCaps,
  isConsoleRole,
  listOperators,
  removeOperator,
  setGrantCap,
  setOperatorRole,
} from './operators';
import { resendWelcome, signedInSentence } from './selfService';
import type { OperatorsTables } from './tables';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ROLES = CONSOLE_ROLES.join('|');

const refusedBecause = (why: 'noSuchOperator' | 'lastAdmin', email: string): AdminResult =>
  refused(why === 'lastAdmin' ? 'Refused: the console must keep at least one admin' : `No operator ${email}`);

/** The words that are not options (and not an option's value). */
function positional(args: string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i]?.startsWith('--')) i++;
    else words.push(args[i] as string);
  }
  return words;
}

const operatorCommand: CliCommand<OperatorsTables> = {
  group: 'operator',
  examples: [
    'operator add ada@studio.example --role admin',
    'operator add sam@studio.example --role support',
    'operator list',
    'operator resend-welcome sam@studio.example',
    'operator role sam@studio.example moderator',
    'operator remove sam@studio.example',
    'operator cap support 500',
    'operator cap support none',
    'operator cap support --daily 5000 --daily-items 5',
  ],
  usage: `  operator add EMAIL --role ROLE     create or promote an operator (${ROLES}); mails a one-time
                                     link to set a password and enrol two-factor
  operator list                      operators, their roles, two-factor, last sign-in, and the grant caps
  operator resend-welcome EMAIL      mail a fresh set-password link to an operator who has not set a
                                     password yet (refused once they have signed in)
  operator role EMAIL ROLE           change an operator's role
  operator remove EMAIL              demote to member and end their console sessions
  operator cap ROLE AMOUNT|none      the largest grant one operator of ROLE may give
  operator cap ROLE --daily AMOUNT|none [--daily-items N|none]
                                     what one operator of ROLE may grant in a UTC day: points and
                                     tickets together, and collectibles`,
  async run(verb, args, ctx) {
    const change = { actor: ctx.actor, now: ctx.now(), reason: option(args, '--reason') };
    const [first, second] = positional(args);
    if (verb === 'add') {
      const role = option(args, '--role') ?? '';
      if (!first || !EMAIL.test(first)) return wrongUsage('operator add needs an EMAIL');
      if (!isConsoleRole(role)) return wrongUsage(`--role must be one of ${ROLES}`);
      if (!ctx.mail) return refused('This tool has no mailer: the link cannot be sent');
      const added = await addOperator(ctx.db, { ...change, email: first, role, mail: ctx.mail });
      if ('refused' in added) {
        return added.refused === 'alreadyOperator'
          ? refused(alreadyOperatorSentence(added.account))
          : refusedBecause(added.refused, first);
      }
      return done(
        `${added.created ? 'Created' : 'Promoted'} ${added.account.email} as ${role}; a link to set the password and enrol two-factor was mailed`,
      );
    }
    if (verb === 'resend-welcome') {
      if (!first || !EMAIL.test(first)) return wrongUsage('operator resend-welcome needs an EMAIL');
      if (!ctx.mail) return refused('This tool has no mailer: the link cannot be sent');
      const sent = await resendWelcome(ctx.db, { ...change, email: first, mail: ctx.mail });
      if ('refused' in sent) {
        return sent.refused === 'signedIn'
          ? refused(signedInSentence(sent.account, sent.standing))
          : refusedBecause(sent.refused, first);
      }
      return done(`Mailed ${sent.account.email} a fresh link to set the password and enrol two-factor`);
    }
    if (verb === 'list') {
      const operators = await listOperators(ctx.db);
      const standings = await signInStandings(
        ctx.db,
        operators.map((o) => o.id),
      );
      const lines = operators.map((o) => {
        const last = standings.get(o.id)?.lastSignInAt;
        const signedIn = last ? `last sign-in ${new Date(last).toISOString()}` : 'never signed in';
        return `${o.email.padEnd(32)} ${o.role.padEnd(10)} ${(o.twoFactorEnabled ? '2fa' : 'no 2fa yet').padEnd(11)} ${signedIn}`;
      });
      const caps = (await grantCaps(ctx.db)).map((c) => `${c.role}: ${c.maxAmount ?? 'no cap'}`).join(', ');
      const daily = (await dailyCaps(ctx.db))
        .map((c) => `${c.role}: ${c.maxAmount ?? 'no cap'} / ${c.maxItems ?? 'no cap'} items`)
        .join(', ');
      return done(
        [...(lines.length ? lines : ['No operators']), '', `Grant caps: ${caps}`, `Daily totals: ${daily}`].join('\n'),
      );
    }
    if (verb === 'role') {
      if (!first || !second) return wrongUsage('operator role needs EMAIL and ROLE');
      if (!isConsoleRole(second)) return wrongUsage(`ROLE must be one of ${ROLES}`);
      const changed = await setOperatorRole(ctx.db, { ...change, email: first, role: second });
      if ('refused' in changed) return refusedBecause(changed.refused, first);
      return done(`${changed.account.email}: ${changed.from} → ${second}`);
    }
    if (verb === 'remove') {
      if (!first) return wrongUsage('operator remove needs an EMAIL');
      const removed = await removeOperator(ctx.db, { ...change, email: first });
      if ('refused' in removed) return refusedBecause(removed.refused, first);
      return done(`${removed.account.email} is a member again; ${removed.sessionsEnded} console session(s) ended`);
    }
    if (verb === 'cap' && (option(args, '--daily') !== undefined || option(args, '--daily-items') !== undefined)) {
      if (!first || !isConsoleRole(first)) return wrongUsage(`operator cap needs ROLE (${ROLES})`);
      const current = await dailyCapFor(ctx.db, first);
      const parse = (value: string | undefined, now: number | null) =>
        value === undefined ? now : value === 'none' ? null : /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
      const maxAmount = parse(option(args, '--daily'), current.maxAmount);
      const maxItems = parse(option(args, '--daily-items'), current.maxItems);
      if (Number.isNaN(maxAmount) || Number.isNaN(maxItems))
        return wrongUsage('--daily and --daily-items take a whole number or none');
      await setDailyCap(ctx.db, { ...change, role: first, maxAmount, maxItems });
      return done(
        `Daily total of ${first}: ${maxAmount ?? 'no cap'} points and tickets, ${maxItems ?? 'no cap'} collectibles`,
      );
    }
    if (verb === 'cap') {
      const amount = second === 'none' ? null : Number(second);
      if (!first || !isConsoleRole(first)) return wrongUsage(`operator cap needs ROLE (${ROLES})`);
      if (amount !== null && !(Number.isInteger(amount) && amount >= 0))
        return wrongUsage('AMOUNT must be a whole number or none');
      await setGrantCap(ctx.db, { ...change, role: first, maxAmount: amount });
      return done(`Grant cap of ${first}: ${amount ?? 'no cap'}`);
    }
    return unknownVerb('operator', verb);
  },
};

const auditCommand: CliCommand<OperatorsTables> = {
  group: 'audit',
  examples: [
    'audit',
    'audit --member ada@example.com',
    'audit --operator sam@studio.example --since 2026-01-01',
    'audit --action operator. --csv',
  ],
  usage: `  audit [--member USER] [--operator EMAIL] [--action A] [--since ISO] [--until ISO] [--limit N] [--csv]
                                     the audit log, newest first (an action ending in . is a prefix)`,
  async run(verb, rest, ctx) {
    const args = verb === undefined ? rest : [verb, ...rest];
    if (verb !== undefined && !verb.startsWith('--')) return unknownVerb('audit', verb, 'audit option');
    const time = (name: string) => {
      const value = option(args, name);
      if (value === undefined) return undefined;
      const ms = Date.parse(value);
      return Number.isNaN(ms) ? Number.NaN : ms;
    };
    const since = time('--since');
    const until = time('--until');
    if (Number.isNaN(since) || Number.isNaN(until)) return wrongUsage('--since and --until take an ISO date or time');
    const limit = Number(option(args, '--limit') ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) return wrongUsage('--limit must be from 1 to 10000');
    const { rows, total, totalAtLeast } = await auditPage(
      ctx.db,
      {
        member: option(args, '--member'),
        operator: option(args, '--operator'),
        action: option(args, '--action'),
        since,
        until,
      },
      { offset: 0, limit },
    );
    if (args.includes('--csv')) return done(auditCsv(rows).trimEnd());
    const lines = rows.map(
      (r) =>
        `${new Date(Number(r.created_at)).toISOString()}  ${r.actor}  ${r.action}${r.member_id ? `  member ${r.member_id}` : ''}  ${r.detail}`,
    );
    return done(
      [...lines, `${rows.length} of ${total}${totalAtLeast ? '+' : ''} entr${total === 1 ? 'y' : 'ies'}`].join('\n'),
    );
  },
};

/** `operator add|list|role|remove|cap` and `audit`: each change audited in its own transaction (operators.ts). */
export const operatorsCli: CliCommand<OperatorsTables>[] = [operatorCommand, auditCommand];
