import type { AdminContext, AdminResult, CliCommand } from '../../capability';
import { done, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { findUserIdByHandle } from '../identity/index';
import { grantDemoAgent } from './grants';
import { findBalance } from './ledger';
import { grantRefusalSentence, operatorGrant } from './operatorGrants';
import type { RewardsTables } from './tables';

const MAX_OPERATOR_GRANT = 1_000_000;

export const rewardsCli: CliCommand[] = [
  {
    group: 'grant',
    examples: [
      'grant demo-agent ada@example.com',
      'grant points ada 500 Server outage compensation',
      'grant tickets ada 3 Event winner',
      'grant points ada -200 Granted twice by mistake',
    ],
    usage: `  grant demo-agent USER             give the M1 Demo Agent (USER: email, username or user id); once per member
  grant points USER N [REASON…]     give N points (an event, a compensation); the reason shows in their statement;
                                    a negative N (-50) takes back, at most what the member holds
  grant tickets USER N [REASON…]    give (or, negative, take back) N raffle tickets`,
    async run(verb, args, ctx) {
      if (verb === 'points' || verb === 'tickets') return grantAmount(verb, args, ctx);
      if (verb !== 'demo-agent') return unknownVerb('grant', verb, 'grant');
      const [handle] = args;
      if (!handle) return wrongUsage('Which member? grant demo-agent USER');
      const userId = await findUserIdByHandle(ctx.db, handle);
      if (!userId) return refused(`No member ${handle}`);
      const now = ctx.now();
      const granted = await inTransaction(ctx.db, async (trx) => {
        const applied = await grantDemoAgent(trx, userId, now);
        await writeAudit(trx, {
          actor: ctx.actor,
          action: 'grant.demoAgent',
          detail: { userId, handle, applied },
          at: now,
        });
        return applied;
      });
      return done(granted ? `Demo Agent granted to ${userId}` : `${userId} already has the demo Agent`);
    },
  },
];

/** An operator's grant of points or tickets: one ledger grant and its audit row, together. */
async function grantAmount(
  asset: 'points' | 'tickets',
  args: string[],
  ctx: AdminContext<RewardsTables>,
): Promise<AdminResult> {
  const [handle, count, ...words] = args;
  const amount = /^-?\d{1,7}$/.test(count ?? '') ? Number(count) : Number.NaN;
  if (!handle || !Number.isInteger(amount) || amount === 0 || Math.abs(amount) > MAX_OPERATOR_GRANT) {
    return wrongUsage(`grant ${asset} USER N [REASON…] (N: 1…${MAX_OPERATOR_GRANT}, negative to take back)`);
  }
  const userId = await findUserIdByHandle(ctx.db, handle);
  if (!userId) return refused(`No member ${handle}`);
  const now = ctx.now();
  const reason = (words.join(' ').trim() || `${asset} from the portal team`).slice(0, 100);
  const key = `${asset}:${userId}:${now}:${Math.random().toString(36).slice(2, 10)}`;
  const outcome = await operatorGrant(ctx.db, { userId, asset, amount, key, reason, actor: ctx.actor, now });
  if (outcome === 'already') return done(`Already granted: ${amount} ${asset} to ${userId}`);
  if (outcome !== 'granted') {
    // The console's words (issue 38): what the member holds, not a code such as "not-enough".
    const held = outcome === 'not-enough' ? (await findBalance(ctx.db, userId))[asset] : undefined;
    return refused(`Not granted: ${grantRefusalSentence(outcome, { asset, held })}`);
  }
  return done(amount > 0 ? `Granted ${amount} ${asset} to ${userId}` : `Took back ${-amount} ${asset} from ${userId}`);
}
