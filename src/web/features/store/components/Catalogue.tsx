import { useState } from 'react';
import type { StoreItemKind, StoreItemView } from '../../../../protocol/store';
import { KIND_FILTERS } from '../model/labels';
import styles from './Catalogue.module.css';
import { ItemDialog } from './ItemDialog';
import { ItemGrid, StoreItemCard } from './StoreItemCard';

export interface CatalogueProps {
  items: StoreItemView[];
  now: number;
  storeOpen: boolean;
  member: { userId: string; points: number };
}

/** The catalogue grid with its kind filter; a card opens the item and its purchase. */
export function Catalogue({ items, now, storeOpen, member }: CatalogueProps) {
  const [kind, setKind] = useState<StoreItemKind | 'all'>('all');
  const [picked, setPicked] = useState<StoreItemView | null>(null);
  const [open, setOpen] = useState(false);
  const filters = KIND_FILTERS.filter((f) => f.kind === 'all' || items.some((item) => item.sKind === f.kind));
  const shown = kind === 'all' ? items : items.filter((item) => item.sKind === kind);
  // The dialog follows the catalogue as it refreshes (stock, limit), and keeps its item when that
  // leaves the catalogue (retired, ended) or while the dialog plays its closing animation.
  const selected = items.find((item) => item.sStoreItemID === picked?.sStoreItemID) ?? picked;

  return (
    <>
      {filters.length > 2 && (
        <fieldset className={styles.filters}>
          <legend className="visually-hidden">Show items of one kind</legend>
          {filters.map((filter) => (
            <button
              key={filter.kind}
              type="button"
              className={styles.filter}
              aria-pressed={kind === filter.kind}
              onClick={() => setKind(filter.kind)}
            >
              {filter.label}
            </button>
          ))}
        </fieldset>
      )}
      {shown.length === 0 ? (
        <p className="muted">Nothing of this kind is on the shelves right now.</p>
      ) : (
        <ItemGrid>
          {shown.map((item) => (
            <StoreItemCard
              key={item.sStoreItemID}
              item={item}
              now={now}
              balance={member.points}
              onOpen={() => {
                setPicked(item);
                setOpen(true);
              }}
            />
          ))}
        </ItemGrid>
      )}
      <ItemDialog
        item={selected}
        open={open}
        onClose={() => setOpen(false)}
        member={member}
        storeOpen={storeOpen}
        now={now}
      />
    </>
  );
}
