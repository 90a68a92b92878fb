import type { RafflePrize } from '../../../protocol/raffle';
import { type PrizeSpec, prizeSpecSchema } from '../../../protocol/raffle.schema';
import { mediaUrl, templateSummaries } from '../collectibles/index';
import type { GrantLine } from '../rewards/index';
import type { RaffleDb, RafflePrizeTable } from './tables';

/** Prizes (docs/product.md §12): a collectible from a template, points, or a bundle of tickets, with quantities and art. */
export type PrizeRow = Omit<RafflePrizeTable, 'raffle_id'>;

const PRIZE_ARG = /^(item|points|tickets)=([A-Za-z0-9_-]+)(?:\*(\d{1,4}))?(?:@(\S+))?$/;

/**
 * An operator's `--prize` argument, `KIND=VALUE[*QUANTITY][@ART]`: `item=agent-lamplighter`,
 * `points=250*3`, `tickets=5*10@media/tickets.svg`. A PrizeSpec, or the problem in words.
 */
export function parsePrizeArg(text: string): PrizeSpec | string {
  const match = PRIZE_ARG.exec(text.trim());
  if (!match) return `Prize "${text}" is not KIND=VALUE[*QUANTITY][@ART] (KIND: item, points, tickets)`;
  const [, kind, value, quantity, art] = match;
  const raw =
    kind === 'item'
      ? { sKind: kind, sTemplateID: value, iQuantity: Number(quantity ?? 1), sImage: art }
      : { sKind: kind, iAmount: Number(value), iQuantity: Number(quantity ?? 1), sImage: art };
  const parsed = prizeSpecSchema.safeParse(raw);
  return parsed.success ? parsed.data : `Prize "${text}": ${parsed.error.issues[0]?.message ?? 'invalid'}`;
}

/** A prize naming a collectible template that does not exist. */
export class UnknownTemplateError extends Error {
  override name = 'UnknownTemplateError';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The prize rows of a prize list, names and art resolved (an item's art is its template's); throws on an unknown template. */
export async function resolvePrizes(db: RaffleDb, specs: readonly PrizeSpec[]): Promise<PrizeRow[]> {
  const templates = await templateSummaries(
    db,
    specs.flatMap((spec) => (spec.sKind === 'item' ? [spec.sTemplateID] : [])),
  );
  return specs.map((spec, index) => {
    const common = { position: index + 1, prize_id: `prize-${index + 1}`, quantity: spec.iQuantity };
    if (spec.sKind === 'item') {
      const template = templates.get(spec.sTemplateID);
      if (!template) throw new UnknownTemplateError(`Unknown collectible template ${spec.sTemplateID}`);
      return {
        ...common,
        kind: 'item',
        template_id: spec.sTemplateID,
        amount: 1,
        name: template.name,
        image: spec.sImage ?? template.image,
      };
    }
    return {
      ...common,
      kind: spec.sKind,
      template_id: null,
      amount: spec.iAmount,
      name: spec.sKind === 'points' ? plural(spec.iAmount, 'point') : plural(spec.iAmount, 'raffle ticket'),
      image: spec.sImage ?? '',
    };
  });
}

export function prizeView(row: PrizeRow): RafflePrize {
  return {
    sPrizeID: row.prize_id,
    sKind: row.kind,
    sName: row.name,
    sTemplateID: row.template_id ?? '',
    iAmount: Number(row.amount),
    iQuantity: Number(row.quantity),
    sImage: mediaUrl(row.image),
  };
}

/** What the ledger grants a winner of this prize. */
export function prizeGrantLines(row: PrizeRow): GrantLine[] {
  if (row.kind === 'item') return [{ asset: 'item', templateId: row.template_id ?? '' }];
  return [{ asset: row.kind, amount: Number(row.amount) }];
}

/** The line an operator reads in `raffle show`: "prize-1  The Ninth Gate Herald ×1". */
export function prizeLine(row: PrizeRow): string {
  return `${row.prize_id.padEnd(9)} ${row.name} ×${row.quantity}`;
}
