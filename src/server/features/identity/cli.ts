import { z } from 'zod';
import type { CliCommand } from '../../capability';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { createInvite, listInvites, revokeInvite } from './invites';

const usesOption = z.coerce.number().int().min(1).max(1_000_000);
const emailOption = z.string().trim().toLowerCase().email().max(254);

/** `invite create|list|revoke`; each change is audited in its own transaction (invites.ts). */
export const identityCli: CliCommand[] = [
  {
    group: 'invite',
    examples: [
      'invite create',
      'invite create --uses 25',
      'invite create --email ada@example.com',
      'invite list',
      'invite revoke K7Q2M9XP',
    ],
    usage: `  invite create [--uses N] [--email E]  make an invite code (default 1 use); prints the code last
  invite list                        show invite codes, newest first
  invite revoke CODE                 stop a code from being used`,
    async run(verb, args, ctx) {
      if (verb === 'create') {
        const uses = usesOption.safeParse(option(args, '--uses') ?? '1');
        if (!uses.success) return wrongUsage('--uses must be a whole number from 1');
        const rawEmail = option(args, '--email');
        const email = rawEmail === undefined ? null : emailOption.safeParse(rawEmail);
        if (email && !email.success) return wrongUsage('--email must be an email address');
        const boundTo = email?.data ?? null;
        const code = await createInvite(ctx.db, {
          maxUses: uses.data,
          email: boundTo,
          actor: ctx.actor,
          now: ctx.now(),
        });
        return done(`Invite code for ${uses.data} use(s)${boundTo ? ` by ${boundTo}` : ''}:\n${code}`);
      }
      if (verb === 'list') {
        const invites = await listInvites(ctx.db);
        if (invites.length === 0) return done('No invite codes yet.');
        return done(
          invites
            .map((invite) => {
              const state = invite.revoked ? 'revoked' : invite.uses >= invite.max_uses ? 'used up' : 'usable';
              const created = new Date(invite.created_at).toISOString();
              return `${invite.code}  ${invite.uses}/${invite.max_uses}  ${state.padEnd(7)}  ${invite.email ?? '-'}  ${created}  ${invite.created_by}`;
            })
            .join('\n'),
        );
      }
      if (verb === 'revoke') {
        const [code] = args;
        if (!code) return wrongUsage('Which code? invite revoke CODE');
        const revoked = await revokeInvite(ctx.db, { code, actor: ctx.actor, now: ctx.now() });
        return revoked ? done(`Invite ${code.toUpperCase()} is revoked`) : refused(`No invite code ${code}`);
      }
      return unknownVerb('invite', verb);
    },
  },
];
