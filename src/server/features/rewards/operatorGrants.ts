import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
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
  now: number;
}

export type OperatorGrantOutcome =
  | 'granted'
  /** The key was granted before with the same grant: nothing changed. */
  | 'already'
  /** The key was used before for another grant: refused. */
  | 'key-reused'
  | 'over-cap'
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
    if (error instanceof LedgerError) return error.reason === 'not-enough' ? 'not-enough' : 'unknown-template';
    throw error;
  }
}

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
