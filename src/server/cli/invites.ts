import { z } from 'zod';
import { createInvite, listInvites, revokeInvite } from '../core/members';
import type { AdminContext, AdminResult } from './commands';

export const INVITE_USAGE = `  invite create [--uses N] [--email E]  make an invite code (default 1 use); prints the code last
  invite list                        show invite codes, newest first
  invite revoke CODE                 stop a code from being used`;

const usesOption = z.coerce.number().int().min(1).max(1_000_000);
const emailOption = z.string().trim().toLowerCase().email().max(254);

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

const done = (output: string): AdminResult => ({ output, exitCode: 0 });
const problem = (output: string): AdminResult => ({ output, exitCode: 2 });

/** `invite create|list|revoke`; each change is audited in its own transaction by core/members. */
export async function runInviteCommand(
  verb: string | undefined,
  args: string[],
  ctx: AdminContext,
): Promise<AdminResult | null> {
  if (verb === 'create') {
    const uses = usesOption.safeParse(option(args, '--uses') ?? '1');
    if (!uses.success) return problem('--uses must be a whole number from 1');
    const rawEmail = option(args, '--email');
    const email = rawEmail === undefined ? null : emailOption.safeParse(rawEmail);
    if (email && !email.success) return problem('--email must be an email address');
    const boundTo = email?.data ?? null;
    const code = await createInvite(ctx.db, { maxUses: uses.data, email: boundTo, actor: ctx.actor, now: ctx.now() });
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
    if (!code) return problem('Which code? invite revoke CODE');
    const revoked = await revokeInvite(ctx.db, { code, actor: ctx.actor, now: ctx.now() });
    return revoked
      ? done(`Invite ${code.toUpperCase()} is revoked`)
      : { output: `No invite code ${code}`, exitCode: 1 };
  }
  return null;
}
