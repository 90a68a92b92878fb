import { formatCount } from '../../../ui/format';
import type { PickableItem } from './ItemPicker';
import styles from './Trade.module.css';

interface Side {
  items: readonly string[];
  list: readonly PickableItem[];
  points: number;
}

const summary = ({ items, list, points }: Side) =>
  [
    ...items.map((id) => list.find((i) => i.sItemID === id)?.sName ?? 'an item'),
    ...(points > 0 ? [`${formatCount(points)} points`] : []),
  ].join(', ') || 'nothing';

/** The composer's preview of both sides; `theirs` is absent for a gift. */
export function OfferPreview({ mine, theirs, partnerName }: { mine: Side; theirs?: Side; partnerName: string }) {
  return (
    <section className={styles.preview} aria-label="Preview">
      <h2 className={styles.sideTitle}>Preview</h2>
      <p>
        <strong>You give:</strong> {summary(mine)}
      </p>
      {theirs && (
        <p>
          <strong>@{partnerName || '…'} gives:</strong> {summary(theirs)}
        </p>
      )}
      <p className={styles.muted}>
        Items move when the offer is accepted; a trade may be held up to a few days when either side has no two-factor
        sign-in.
      </p>
    </section>
  );
}
