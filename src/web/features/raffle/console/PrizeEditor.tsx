import { useId } from 'react';
import type { ConsoleActionInput } from '../../../../protocol/actions';
import type { ConsolePrizeSpec, ConsoleTemplateChoice } from '../../../../protocol/consoleRaffles';
import type { RafflePrizeKind } from '../../../../protocol/raffle';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Field } from '../../../ui/Field';
import styles from './RafflesScreen.module.css';

/** A prize row as typed: the kind, a picked template or a typed amount, how many winners. */
export interface PrizeDraft {
  key: number;
  kind: RafflePrizeKind;
  templateId: string;
  amount: string;
  quantity: string;
}

let keys = 0;
export const newPrize = (kind: RafflePrizeKind = 'points', templateId = ''): PrizeDraft => ({
  key: ++keys,
  kind,
  templateId,
  amount: kind === 'points' ? '100' : kind === 'tickets' ? '1' : '',
  quantity: '1',
});

export const prizeDrafts = (prizes: readonly ConsolePrizeSpec[]): PrizeDraft[] =>
  prizes.map((prize) => ({
    key: ++keys,
    kind: prize.sKind,
    templateId: prize.sTemplateID ?? '',
    amount: prize.iAmount === undefined ? '' : String(prize.iAmount),
    quantity: String(prize.iQuantity),
  }));

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The prizes as the server takes them, or the first problem in words. */
/** The prizes as the console sends them (raffleCreate, raffleWeeklySet). */
type PrizeInput = ConsoleActionInput<'raffleCreate'>['aPrizes'];

export function prizeSpecs(drafts: readonly PrizeDraft[]): PrizeInput | string {
  if (drafts.length === 0) return 'Add at least one prize.';
  const specs: PrizeInput = [];
  for (const [index, draft] of drafts.entries()) {
    const quantity = whole(draft.quantity);
    if (!(quantity >= 1 && quantity <= 1000))
      return `Prize ${index + 1}: winners must be a whole number from 1 to 1000.`;
    if (draft.kind === 'item') {
      if (!draft.templateId) return `Prize ${index + 1}: pick a collectible.`;
      specs.push({ sKind: 'item', sTemplateID: draft.templateId, iQuantity: quantity });
    } else {
      const amount = whole(draft.amount);
      if (!(amount >= 1 && amount <= 1_000_000))
        return `Prize ${index + 1}: the amount must be a whole number from 1 to 1,000,000.`;
      specs.push({ sKind: draft.kind, iAmount: amount, iQuantity: quantity });
    }
  }
  return specs;
}

const KIND_WORDS: Record<RafflePrizeKind, string> = { item: 'Collectible', points: 'Points', tickets: 'Tickets' };

/** The prize list of a raffle (or of the weekly raffle): collectibles picked from the templates, amounts typed. */
export function PrizeEditor({
  prizes,
  templates,
  onChange,
}: {
  prizes: PrizeDraft[];
  templates: readonly ConsoleTemplateChoice[];
  onChange(prizes: PrizeDraft[]): void;
}) {
  const id = useId();
  const collections = [...new Set(templates.map((t) => t.sCollection))];
  const update = (key: number, change: Partial<PrizeDraft>) =>
    onChange(prizes.map((prize) => (prize.key === key ? { ...prize, ...change } : prize)));
  return (
    <fieldset className={styles.prizes}>
      <legend>Prizes, in draw order</legend>
      {prizes.map((prize, index) => (
        <div key={prize.key} className={styles.prize}>
          <div className={styles.selectField}>
            <label htmlFor={`${id}-kind-${prize.key}`}>Prize {index + 1}</label>
            <select
              id={`${id}-kind-${prize.key}`}
              className={styles.select}
              value={prize.kind}
              onChange={(event) => {
                const kind = event.target.value as RafflePrizeKind;
                update(prize.key, { ...newPrize(kind, templates[0]?.sTemplateID ?? ''), key: prize.key });
              }}
            >
              {(Object.keys(KIND_WORDS) as RafflePrizeKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_WORDS[kind]}
                </option>
              ))}
            </select>
          </div>
          {prize.kind === 'item' ? (
            <div className={styles.selectField}>
              <label htmlFor={`${id}-template-${prize.key}`}>Collectible</label>
              <select
                id={`${id}-template-${prize.key}`}
                className={styles.select}
                value={prize.templateId}
                onChange={(event) => update(prize.key, { templateId: event.target.value })}
              >
                <option value="">Pick a collectible…</option>
                {collections.map((collection) => (
                  <optgroup key={collection} label={collection}>
                    {templates
                      .filter((t) => t.sCollection === collection)
                      .map((t) => (
                        <option key={t.sTemplateID} value={t.sTemplateID}>
                          {t.sName}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            </div>
          ) : (
            <Field
              label={prize.kind === 'points' ? 'Points each' : 'Tickets each'}
              inputMode="numeric"
              value={prize.amount}
              onChange={(event) => update(prize.key, { amount: event.target.value })}
            />
          )}
          <Field
            label="Winners"
            inputMode="numeric"
            value={prize.quantity}
            onChange={(event) => update(prize.key, { quantity: event.target.value })}
          />
          <button
            type="button"
            className={`${shared.small} ${shared.danger}`}
            aria-label={`Remove prize ${index + 1}`}
            onClick={() => onChange(prizes.filter((other) => other.key !== prize.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" className={shared.small} onClick={() => onChange([...prizes, newPrize()])}>
          Add a prize
        </button>
      </div>
    </fieldset>
  );
}
