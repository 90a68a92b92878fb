import { z } from 'zod';
import type { CliCommand } from '../../capability';
import { durationMs } from '../../cli/duration';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { createInvites, inviteState, listInvites, MAX_INVITE_BATCH, revokeInvite } from './invites';

const usesOption = z.coerce.number().int().min(1).max(1_000_000);
const emailOption = z.string().trim().toLowerCase().email().max(254);
const countOption = z.coerce.number().int().min(1).max(MAX_INVITE_BATCH);
const reasonOption = z.string().trim().max(300);

/** `invite create|list|revoke`; each change is audited in its own transaction (invites.ts). */
export const identityCli: CliCommand[] = [
  {
    group: 'invite',
    examples: [
      'invite create',
      'invite create --uses 25',
      'invite create --email ada@example.com',
      'invite create --count 50 --expires 7d',
      'invite list',
      'invite revoke K7Q2M9XP',
    ],
    usage: `  invite create [--uses N] [--email E] [--count N] [--expires 7d] [--reason TEXT]
                                    make invite codes (default one code of 1 use, never expiring);
                                    --count makes a batch (up to ${MAX_INVITE_BATCH}), one code a line, printed last
  invite list                        show invite codes, newest first
  invite revoke CODE [--reason TEXT] stop a code from being used`,
    async run(verb, args, ctx) {
      if (verb === 'create') {
        const uses = usesOption.safeParse(option(args, '--uses') ?? '1');
        if (!uses.success) return wrongUsage('--uses must be a whole number from 1');
        const rawEmail = option(args, '--email');
        const email = rawEmail === undefined ? null : emailOption.safeParse(rawEmail);
        if (email && !email.success) return wrongUsage('--email must be an email address');
        const boundTo = email?.data ?? null;
        const count = countOption.safeParse(option(args, '--count') ?? '1');
        if (!count.success) return wrongUsage(`--count must be a whole number from 1 to ${MAX_INVITE_BATCH}`);
        const rawExpires = option(args, '--expires');
        const expiresIn = rawExpires === undefined ? null : durationMs(rawExpires);
        if (rawExpires !== undefined && !expiresIn) return wrongUsage('--expires must be a duration: 12h, 7d, 30d…');
        const reason = reasonOption.safeParse(option(args, '--reason') ?? '');
        if (!reason.success) return wrongUsage('--reason is at most 300 characters');
        const now = ctx.now();
        const codes = await createInvites(ctx.db, {
          count: count.data,
          maxUses: uses.data,
          email: boundTo,
          expiresAt: expiresIn === null ? null : now + expiresIn,
          actor: ctx.actor,
          reason: reason.data,
          now,
        });
        if (codes === 'expiry-past') return wrongUsage('--expires must be in the future');
        const what = codes.length === 1 ? 'Invite code' : `${codes.length} invite codes`;
        const expiry = expiresIn === null ? '' : `, expiring ${new Date(now + expiresIn).toISOString()}`;
        return done(`${what} for ${uses.data} use(s)${boundTo ? ` by ${boundTo}` : ''}${expiry}:\n${codes.join('\n')}`);
      }
      if (verb === 'list') {
        const invites = await listInvites(ctx.db);
        const now = ctx.now();
        if (invites.length === 0) return done('No invite codes yet.');
        return done(
          invites
            .map((invite) => {
              const state = inviteState(invite, now);
              const created = new Date(invite.created_at).toISOString();
              const expires =
                invite.expires_at === null ? '' : `  expires ${new Date(Number(invite.expires_at)).toISOString()}`;
              return `${invite.code}  ${invite.uses}/${invite.max_uses}  ${state.padEnd(7)}  ${invite.email ?? '-'}  ${created}  ${invite.created_by}${expires}`;
            })
            .join('\n'),
        );
      }
      if (verb === 'revoke') {
        const [code] = args;
        if (!code) return wrongUsage('Which code? invite revoke CODE');
        const reason = reasonOption.safeParse(option(args, '--reason') ?? '');
        if (!reason.success) return wrongUsage('--reason is at most 300 characters');
        const revoked = await revokeInvite(ctx.db, { code, actor: ctx.actor, reason: reason.data, now: ctx.now() });
        return revoked ? done(`Invite ${code.toUpperCase()} is revoked`) : refused(`No invite code ${code}`);
      }
      return unknownVerb('invite', verb);
    },
  },
];
