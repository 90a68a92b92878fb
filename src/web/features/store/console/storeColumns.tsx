import { type ConsoleStoreItem, KIND_LABELS } from '../../../../protocol/store';
import shared from '../../../ui/ConsoleScreen.module.css';
import type { ColumnDef } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { state, windowText } from './draft';
import styles from './StoreCatalogueScreen.module.css';

type Column = ColumnDef<ConsoleStoreItem, unknown>;

/** What the row buttons open (live:manage only). */
export interface ItemLevers {
  edit: (item: ConsoleStoreItem) => void;
  restock: (item: ConsoleStoreItem) => void;
  retire: (item: ConsoleStoreItem) => void;
  restore: (item: ConsoleStoreItem) => void;
}

/** The catalogue's columns, states read at the server's `now`; with levers, each row's buttons. */
export function storeColumns(now: number, levers?: ItemLevers): Column[] {
  const columns: Column[] = [
    {
      id: 'art',
      header: 'Art',
      cell: ({ row }) => <img className={styles.thumb} src={row.original.sImage} alt="" width={40} height={40} />,
    },
    {
      id: 'item',
      header: 'Item',
      cell: ({ row }) => (
        <span className={styles.itemName}>
          <span>{row.original.sName}</span>
          <small>
            {row.original.sStoreItemID} · {KIND_LABELS[row.original.sKind]}
          </small>
        </span>
      ),
    },
    { id: 'price', header: 'Price', cell: ({ row }) => formatCount(row.original.iPrice) },
    {
      id: 'stock',
      header: 'Stock left',
      cell: ({ row }) => (row.original.iStock === null ? 'Unlimited' : formatCount(row.original.iStock)),
    },
    { id: 'sold', header: 'Sold', cell: ({ row }) => formatCount(row.original.iSold) },
    { id: 'points', header: 'Points taken', cell: ({ row }) => formatCount(row.original.iPointsTaken) },
    { id: 'limit', header: 'Limit', cell: ({ row }) => formatCount(row.original.iLimit) },
    { id: 'window', header: 'Window', cell: ({ row }) => windowText(row.original) },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => {
        const text = state(row.original, now);
        return <span className={text === 'Retired' ? styles.retired : styles.onSale}>{text}</span>;
      },
    },
  ];
  if (!levers) return columns;
  return [
    ...columns,
    { id: 'actions', header: 'Actions', cell: ({ row }) => <RowActions item={row.original} levers={levers} /> },
  ];
}

function RowActions({ item, levers }: { item: ConsoleStoreItem; levers: ItemLevers }) {
  return (
    <div className={shared.rowActions}>
      <button
        type="button"
        className={shared.small}
        aria-label={`Edit ${item.sName}`}
        onClick={() => levers.edit(item)}
      >
        Edit
      </button>
      {item.iStock !== null && (
        <button
          type="button"
          className={shared.small}
          aria-label={`Restock ${item.sName}`}
          onClick={() => levers.restock(item)}
        >
          Restock
        </button>
      )}
      {item.iRetiredAt === null ? (
        <button
          type="button"
          className={`${shared.small} ${styles.danger}`}
          aria-label={`Retire ${item.sName}`}
          onClick={() => levers.retire(item)}
        >
          Retire
        </button>
      ) : (
        <button
          type="button"
          className={shared.small}
          aria-label={`Put ${item.sName} back on sale`}
          onClick={() => levers.restore(item)}
        >
          Restore
        </button>
      )}
    </div>
  );
}
