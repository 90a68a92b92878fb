import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { banOf, isErased } from '../identity/index';
import { applyGrant, type GrantLine, LedgerError } from './ledger';
import { notifyReward } from './notices';
import type { RewardsDb } from './tables';

/**
 * An operator's grant or take-back (issue 27): points or tickets (a negative amount takes back),
 * a collectible of a template, or the take-back of one item the member owns. One ledger grant and its audit entry commit together; the key
 * makes a double submit grant once, and a key reused for another grant is refused.
 */
export interface OperatorGrant {
  userId: string;
  asset: 'points' | 'tickets' | 'item';
  /** Points or tickets: a non-zero whole number, negative to take back. */
  amount?: number;
  /** A collectible: the template to mint. */
  templateId?: string;
  /** A collectible to take back: the public id of an item the member owns (instead of templateId). */
  takeBackItemId?: string;
  /** The idempotency key (the console sends one per submit; the CLI makes a fresh one). */
  key: string;
  /** Why: shown in the member's statement and kept in the audit log. */
  reason: string;
  actor: string;
  /** The most one grant may move (points or tickets, either way) for this operator's role; none: no cap. */
  cap?: number;
  /**
   * The operator's daily total (issue 35): adds this grant's gift (points and tickets, or one
   * minted collectible) in the grant's transaction; false refuses it and rolls the grant back.
   */
  spendDaily?(trx: RewardsDb, spend: { amount: number; items: number }): Promise<boolean>;
  now: number;
}

export type OperatorGrantOutcome =
  | 'granted'
  /** The key was granted before with the same grant: nothing changed. */
  | 'already'
  /** The key was used before for another grant: refused. */
  | 'key-reused'
  | 'over-cap'
  /** Past the operator's daily total for their role. */
  | 'over-daily'
  /** The member is banned, or their account is deleted or being erased. */
  | 'unavailable'
  /** A take-back larger than the member's balance, or of an item they do not own. */
  | 'not-enough'
  | 'unknown-template';

/** The ledger key of an operator's grant: its own namespace, apart from the automatic grants' keys. */
export const operatorGrantKey = (key: string) => `operator:${key}`;

export async function operatorGrant(db: RewardsDb, grant: OperatorGrant): Promise<OperatorGrantOutcome> {
  const line: GrantLine =
    grant.asset !== 'item'
      ? { asset: grant.asset, amount: grant.amount ?? 0 }
      : grant.takeBackItemId !== undefined
        ? { asset: 'item', takeBack: grant.takeBackItemId }
        : { asset: 'item', templateId: grant.templateId ?? '' };
  if (line.asset !== 'item' && grant.cap !== undefined && Math.abs(line.amount) > grant.cap) return 'over-cap';
  if ((await banOf(db, grant.userId)) || (await isErased(db, grant.userId))) return 'unavailable';
  try {
    return await inTransaction(db, async (trx) => {
      const result = await applyGrant(trx, {
        userId: grant.userId,
        key: operatorGrantKey(grant.key),
        reason: grant.reason,
        lines: [line],
        now: grant.now,
      });
      if (result.keyReused) return 'key-reused';
      if (!result.applied) return 'already';
      const gift =
        line.asset === 'item'
          ? { amount: 0, items: 'takeBack' in line ? 0 : 1 }
          : { amount: Math.max(line.amount, 0), items: 0 };
      if (grant.spendDaily && !(await grant.spendDaily(trx, gift))) throw new DailyCapReached();
      await writeAudit(trx, {
        actor: grant.actor,
        action: `grant.${grant.asset}`,
        detail: {
          userId: grant.userId,
          ...(line.asset !== 'item'
            ? { amount: line.amount }
            : 'takeBack' in line
              ? { takenBack: line.takeBack, itemId: result.itemIds[0] }
              : { templateId: line.templateId, itemId: result.itemIds[0] }),
          key: grant.key,
          reason: grant.reason,
        },
        at: grant.now,
      });
      await tellMember(trx, grant, line, result.itemIds[0]);
      return 'granted';
    });
  } catch (error) {
    if (error instanceof DailyCapReached) return 'over-daily';
    if (error instanceof LedgerError) return error.reason === 'not-enough' ? 'not-enough' : 'unknown-template';
    throw error;
  }
}

const figure = (n: number) => n.toLocaleString('en');

/**
 * Why a grant was refused, in words, for the outcomes whose words need facts (issue 38 item 6):
 * the console and the CLI say the same. `cap`: the role's per-grant cap; `held`: what the member
 * holds of the asset. The daily total's sentence is the console's (members' dailyCapMessage).
 */
export function grantRefusalSentence(
  outcome: Exclude<OperatorGrantOutcome, 'granted' | 'already'>,
  facts: { asset: 'points' | 'tickets' | 'item'; role?: string; cap?: number; held?: number },
): string {
  switch (outcome) {
    case 'over-cap':
      return `One grant by ${facts.role ? `a ${facts.role}` : 'this operator'} may move at most ${figure(facts.cap ?? 0)} ${facts.asset}.`;
    case 'not-enough':
      return facts.asset === 'item'
        ? 'The member does not own that collectible (it may have been traded or taken back).'
        : `The member holds ${figure(facts.held ?? 0)} ${facts.asset}: a take-back can be at most that.`;
    case 'over-daily':
      return 'That grant passes the daily total of your role.';
    case 'unavailable':
      return 'The member is banned, or their account is deleted or being erased: nothing can be granted to them.';
    case 'key-reused':
      return 'This key was used for another grant.';
    case 'unknown-template':
      return 'No such collectible template.';
  }
}

/** Rolls a grant back that would pass the operator's daily total. */
class DailyCapReached extends Error {}

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/**
 * A gift (not a take-back) reaches the member as a popup and a notification-centre entry at once,
 * with the reason the operator gave, so they need not reload to learn of it.
 */
async function tellMember(trx: RewardsDb, grant: OperatorGrant, line: GrantLine, itemId: number | undefined) {
  if (line.asset === 'item' ? 'takeBack' in line : line.amount <= 0) return;
  const what =
    line.asset === 'item' ? 'a collectible' : plural(line.amount, line.asset === 'points' ? 'point' : 'raffle ticket');
  await notifyReward(trx, {
    userId: grant.userId,
    key: operatorGrantKey(grant.key),
    now: grant.now,
    sTitle: 'A gift from the team',
    sMessage: `You received ${what}: ${grant.reason}`,
    ...(line.asset === 'item'
      ? { iItemID: itemId }
      : line.asset === 'points'
        ? { iPoints: line.amount }
        : { iTickets: line.amount }),
  });
}
