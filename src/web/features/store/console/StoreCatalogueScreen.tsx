import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  availability,
  type ConsoleStoreCatalogueAnswer,
  type ConsoleStoreItem,
  DEFAULT_MEMBER_LIMIT,
  KIND_LABELS,
  STORE_ITEM_KINDS,
  type StoreItemKind,
} from '../../../../protocol/store';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import styles from './StoreCatalogueScreen.module.css';

const QUERY_KEY = ['console', 'storeCatalogue'];

/** The editor's fields as typed; numbers stay text until saved. */
interface Draft {
  id: string;
  kind: StoreItemKind;
  name: string;
  description: string;
  imagePath: string;
  templateId: string | null;
  tickets: string;
  price: string;
  stock: string;
  unlimited: boolean;
  limit: string;
  /** datetime-local values (local time); empty: open-ended. */
  from: string;
  until: string;
}

type Open =
  | { kind: 'restock'; item: ConsoleStoreItem }
  | { kind: 'retire'; item: ConsoleStoreItem }
  | { kind: 'restore'; item: ConsoleStoreItem }
  | { kind: 'save' }
  | null;

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (ms: number | null) => {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function draftOf(item: ConsoleStoreItem | null): Draft {
  return {
    id: item?.sStoreItemID ?? '',
    kind: item?.sKind ?? 'collectible',
    name: item?.sName ?? '',
    description: item?.sDescription ?? '',
    imagePath: item?.sImagePath ?? '',
    templateId: item?.sTemplateID ?? null,
    tickets: item ? String(item.iTickets) : '0',
    price: item ? String(item.iPrice) : '',
    stock: item?.iStock == null ? '' : String(item.iStock),
    unlimited: item ? item.iStock === null : false,
    limit: String(item?.iLimit ?? DEFAULT_MEMBER_LIMIT),
    from: localInput(item?.iAvailableFrom ?? null),
    until: localInput(item?.iAvailableUntil ?? null),
  };
}

type Fields = Record<string, string | number | null>;

/** The draft as console fields, or the first field that is not a whole number (the store checks the values). */
function fieldsOf(draft: Draft): { fields: Fields } | { field: keyof Draft; problem: string } {
  const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null);
  const fields: Fields = {
    sKind: draft.kind,
    sName: draft.name,
    sDescription: draft.description,
    sImagePath: draft.imagePath,
    sTemplateID: draft.kind === 'collectible' ? draft.templateId : null,
  };
  const numbers: Array<[keyof Draft, string, string]> = [
    ['price', 'iPrice', draft.price],
    ['limit', 'iLimit', draft.limit],
    ['tickets', 'iTickets', draft.kind === 'collectible' ? '0' : draft.tickets],
    ...(draft.unlimited ? [] : [['stock', 'iStock', draft.stock] as [keyof Draft, string, string]]),
  ];
  for (const [field, wire, text] of numbers) {
    const value = whole(text);
    if (value === null) return { field, problem: 'Enter a whole number.' };
    fields[wire] = value;
  }
  if (draft.unlimited) fields.iStock = null;
  for (const [field, wire] of [
    ['from', 'iAvailableFrom'],
    ['until', 'iAvailableUntil'],
  ] as const) {
    const text = draft[field];
    const ms = text ? new Date(text).getTime() : null;
    if (ms !== null && Number.isNaN(ms)) return { field, problem: 'Enter a date and time, or leave it empty.' };
    fields[wire] = ms;
  }
  return { fields };
}

/** What an edit changes: only the fields whose value differs from the item's. */
function changedFields(item: ConsoleStoreItem, fields: Fields): Fields {
  const current: Fields = {
    sKind: item.sKind,
    sName: item.sName,
    sDescription: item.sDescription,
    sImagePath: item.sImagePath,
    sTemplateID: item.sTemplateID,
    iPrice: item.iPrice,
    iLimit: item.iLimit,
    iTickets: item.iTickets,
    iStock: item.iStock,
    iAvailableFrom: item.iAvailableFrom,
    iAvailableUntil: item.iAvailableUntil,
  };
  return Object.fromEntries(Object.entries(fields).filter(([key, value]) => current[key] !== value));
}

function state(item: ConsoleStoreItem, now: number): string {
  if (item.iRetiredAt !== null) return 'Retired';
  const window = availability(item, now);
  if (window === 'upcoming') return 'Coming';
  if (window === 'ended') return 'Ended';
  return item.iStock === 0 ? 'Sold out' : 'On sale';
}

function windowText(item: ConsoleStoreItem): string {
  if (item.iAvailableFrom === null && item.iAvailableUntil === null) return 'Always';
  return `${item.iAvailableFrom === null ? '…' : formatWhen(item.iAvailableFrom)} → ${
    item.iAvailableUntil === null ? '…' : formatWhen(item.iAvailableUntil)
  }`;
}

/** The art tiles: for a collectible its template (which sets the art too); for tickets, any template's art or the default. */
function ArtPicker({
  catalogue,
  draft,
  onPick,
}: {
  catalogue: ConsoleStoreCatalogueAnswer;
  draft: Draft;
  onPick(next: Pick<Draft, 'imagePath' | 'templateId'> & { name?: string }): void;
}) {
  const name = useId();
  const collectible = draft.kind === 'collectible';
  const defaults = draft.kind === 'collectible' ? null : catalogue.pDefaultImages[draft.kind];
  const choices = [
    ...(defaults
      ? [
          {
            key: 'default',
            label: 'Default art',
            image: defaults.sImage,
            path: defaults.sImagePath,
            templateId: null as string | null,
            templateName: undefined as string | undefined,
          },
        ]
      : []),
    ...catalogue.aTemplates.map((t) => ({
      key: t.sTemplateID,
      label: t.sName,
      image: t.sImage,
      path: t.sImagePath,
      templateId: t.sTemplateID,
      templateName: t.sName,
    })),
  ];
  const checked = (choice: (typeof choices)[number]) =>
    collectible ? draft.templateId === choice.templateId : draft.imagePath === choice.path;
  return (
    <fieldset className={styles.art}>
      <legend>{collectible ? 'Collectible (its template and art)' : 'Art'}</legend>
      <div className={styles.artChoices}>
        {choices.map((choice) => (
          <label key={choice.key} className={styles.artChoice}>
            <input
              type="radio"
              name={name}
              value={choice.key}
              checked={checked(choice)}
              onChange={() =>
                onPick({
                  imagePath: choice.path,
                  templateId: collectible ? choice.templateId : null,
                  name: collectible ? choice.templateName : undefined,
                })
              }
            />
            <img src={choice.image} alt="" width={72} height={72} loading="lazy" />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The store's catalogue (issue 29): items with their sales, and the levers of `store add|update|retire|restore|restock`. */
export default function StoreCatalogueScreen() {
  useConsoleTitle('Store catalogue');
  const queries = useQueryClient();
  const may = useOperatorMay();
  const manage = may('live:manage');
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => consoleCall('storeCatalogue', {}, signal),
  });
  const [editing, setEditing] = useState<{ item: ConsoleStoreItem | null } | null>(null);
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const [fieldError, setFieldError] = useState<{ field: keyof Draft; problem: string } | null>(null);
  const [pending, setPending] = useState<Fields | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [units, setUnits] = useState('');
  const [unitsError, setUnitsError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const kindId = useId();
  const descriptionId = useId();
  const editorRef = useRef<HTMLFormElement>(null);

  // The editor opens above the table: bring it into view with its first field focused.
  useEffect(() => {
    if (!editing) return;
    const form = editorRef.current;
    form?.scrollIntoView({ block: 'start' });
    form?.querySelector<HTMLInputElement>('input:not([readonly]), select')?.focus({ preventScroll: true });
  }, [editing]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const errorOf = (field: keyof Draft) => (fieldError?.field === field ? fieldError.problem : undefined);
  const refresh = () => queries.invalidateQueries({ queryKey: QUERY_KEY });

  function edit(item: ConsoleStoreItem | null) {
    setDone(null);
    setFieldError(null);
    setDraft(draftOf(item));
    setEditing({ item });
  }

  function show(next: Open) {
    setDone(null);
    setUnits('');
    setUnitsError(null);
    setOpen(next);
    setDialogOpen(true);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = fieldsOf(draft);
    if ('field' in parsed) {
      setFieldError(parsed);
      return;
    }
    setFieldError(null);
    const item = editing?.item;
    const fields = item ? changedFields(item, parsed.fields) : parsed.fields;
    if (item && Object.keys(fields).length === 0) {
      setDone('Nothing changed.');
      return;
    }
    setPending(fields);
    show({ kind: 'save' });
  }

  async function confirm(reason: string) {
    if (!open) return;
    if (open.kind === 'save') {
      const item = editing?.item;
      const answer = await consoleCall(item ? 'storeItemUpdate' : 'storeItemAdd', {
        sStoreItemID: item ? item.sStoreItemID : draft.id.trim(),
        ...pending,
        sReason: reason,
      });
      setDone(`${item ? 'Saved' : 'Added'} ${answer.pItem.sName} (${answer.pItem.sStoreItemID}).`);
      setEditing(null);
    } else if (open.kind === 'restock') {
      const n = units.trim();
      if (!/^\d+$/.test(n)) {
        setUnitsError('Enter a whole number of units.');
        return false;
      }
      const answer = await consoleCall('storeItemRestock', {
        sStoreItemID: open.item.sStoreItemID,
        iUnits: Number(n),
        sReason: reason,
      });
      setDone(`${answer.pItem.sName}: ${formatCount(answer.pItem.iStock ?? 0)} in stock.`);
    } else {
      const answer = await consoleCall(open.kind === 'retire' ? 'storeItemRetire' : 'storeItemRestore', {
        sStoreItemID: open.item.sStoreItemID,
        sReason: reason,
      });
      setDone(
        open.kind === 'retire'
          ? `${answer.pItem.sName} is retired: members no longer see it.`
          : `${answer.pItem.sName} is back in the catalogue.`,
      );
    }
    await refresh();
  }

  const now = list.data?.iNow ?? Date.now();
  const columns: ColumnDef<ConsoleStoreItem, unknown>[] = [
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
    ...(manage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: ({ row }: { row: { original: ConsoleStoreItem } }) => {
              const item = row.original;
              return (
                <div className={shared.rowActions}>
                  <button
                    type="button"
                    className={shared.small}
                    aria-label={`Edit ${item.sName}`}
                    onClick={() => edit(item)}
                  >
                    Edit
                  </button>
                  {item.iStock !== null && (
                    <button
                      type="button"
                      className={shared.small}
                      aria-label={`Restock ${item.sName}`}
                      onClick={() => show({ kind: 'restock', item })}
                    >
                      Restock
                    </button>
                  )}
                  {item.iRetiredAt === null ? (
                    <button
                      type="button"
                      className={`${shared.small} ${styles.danger}`}
                      aria-label={`Retire ${item.sName}`}
                      onClick={() => show({ kind: 'retire', item })}
                    >
                      Retire
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={shared.small}
                      aria-label={`Put ${item.sName} back on sale`}
                      onClick={() => show({ kind: 'restore', item })}
                    >
                      Restore
                    </button>
                  )}
                </div>
              );
            },
          } satisfies ColumnDef<ConsoleStoreItem, unknown>,
        ]
      : []),
  ];

  if (list.error) {
    return (
      <div className={shared.screen}>
        <PageHeader title="Store catalogue" />
        <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
      </div>
    );
  }

  const item = editing?.item ?? null;
  const title = !open
    ? ''
    : open.kind === 'save'
      ? item
        ? `Save changes to ${item.sName}`
        : `Add ${draft.name || draft.id}`
      : open.kind === 'restock'
        ? `Restock ${open.item.sName}`
        : open.kind === 'retire'
          ? `Retire ${open.item.sName}`
          : `Put ${open.item.sName} back on sale`;

  return (
    <div className={shared.screen}>
      <PageHeader
        title="Store catalogue"
        subtitle="What members can buy on /rewardstore, with what each item sold. Changes show to members at once."
        actions={manage && !editing ? <Button onClick={() => edit(null)}>Add item</Button> : undefined}
      />
      {done && <Notice tone="success">{done}</Notice>}
      {editing && list.data && (
        <form ref={editorRef} className={styles.editor} onSubmit={save} noValidate aria-labelledby="store-editor-title">
          <h2 id="store-editor-title">{item ? `Edit ${item.sName}` : 'Add an item'}</h2>
          <div className={styles.grid}>
            <Field
              label="Item id"
              value={draft.id}
              readOnly={item !== null}
              hint={item ? 'An item keeps its id.' : 'a-z, 0-9, _ and -; members never see it.'}
              autoComplete="off"
              onChange={(e) => set({ id: e.target.value })}
            />
            <div className={styles.selectField}>
              <label htmlFor={kindId}>Kind</label>
              <select
                id={kindId}
                className={styles.select}
                value={draft.kind}
                onChange={(e) => {
                  const kind = e.target.value as StoreItemKind;
                  set(
                    kind === 'collectible'
                      ? { kind, imagePath: '', templateId: null }
                      : { kind, templateId: null, imagePath: list.data.pDefaultImages[kind].sImagePath },
                  );
                }}
              >
                {STORE_ITEM_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label="Name"
              value={draft.name}
              hint={draft.kind === 'collectible' ? 'Empty: the template’s name.' : undefined}
              onChange={(e) => set({ name: e.target.value })}
            />
            <Field
              label="Price (points)"
              inputMode="numeric"
              value={draft.price}
              error={errorOf('price')}
              onChange={(e) => set({ price: e.target.value })}
            />
            {draft.kind !== 'collectible' && (
              <Field
                label="Tickets per unit"
                inputMode="numeric"
                value={draft.tickets}
                error={errorOf('tickets')}
                onChange={(e) => set({ tickets: e.target.value })}
              />
            )}
            <div>
              <Field
                label="Stock"
                inputMode="numeric"
                value={draft.unlimited ? '' : draft.stock}
                disabled={draft.unlimited}
                error={errorOf('stock')}
                hint={item ? 'Units left now; Restock adds to it.' : 'Units for sale.'}
                onChange={(e) => set({ stock: e.target.value })}
              />
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.unlimited}
                  onChange={(e) => set({ unlimited: e.target.checked })}
                />
                Unlimited stock
              </label>
            </div>
            <Field
              label="Per-member limit"
              inputMode="numeric"
              value={draft.limit}
              error={errorOf('limit')}
              onChange={(e) => set({ limit: e.target.value })}
            />
            <Field
              label="On sale from"
              type="datetime-local"
              value={draft.from}
              error={errorOf('from')}
              hint="Empty: from now."
              onChange={(e) => set({ from: e.target.value })}
            />
            <Field
              label="On sale until"
              type="datetime-local"
              value={draft.until}
              error={errorOf('until')}
              hint="Empty: no end."
              onChange={(e) => set({ until: e.target.value })}
            />
          </div>
          <ArtPicker
            catalogue={list.data}
            draft={draft}
            onPick={({ name, ...art }) => set({ ...art, ...(name && !draft.name ? { name } : {}) })}
          />
          <div className={styles.description}>
            <div className={styles.textareaField}>
              <label htmlFor={descriptionId}>Description (markdown)</label>
              <textarea
                id={descriptionId}
                className={styles.textarea}
                value={draft.description}
                onChange={(e) => set({ description: e.target.value })}
              />
            </div>
            <section className={styles.preview} aria-label="Description preview">
              <span className={styles.previewLabel}>Preview, as members see it</span>
              <div className={styles.previewBox}>
                {draft.description.trim() ? (
                  <LazyMarkdown>{draft.description}</LazyMarkdown>
                ) : (
                  <span className={shared.muted}>Nothing yet.</span>
                )}
              </div>
            </section>
          </div>
          <div className={styles.editorActions}>
            <Button type="submit">{item ? 'Save changes' : 'Add item'}</Button>
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <DataTable
        caption={list.data ? `Items (${list.data.aItems.length}, retired ones included)` : 'Items'}
        columns={columns}
        rows={list.data?.aItems ?? []}
        rowId={(row) => row.sStoreItemID}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'The store has no items.'}
      />
      {!manage && <p className={shared.muted}>Only admins change the catalogue.</p>}
      <ReasonDialog
        open={dialogOpen}
        title={title}
        danger={open?.kind === 'retire'}
        confirmLabel={
          open?.kind === 'save'
            ? item
              ? 'Save'
              : 'Add'
            : open?.kind === 'restock'
              ? 'Restock'
              : open?.kind === 'retire'
                ? 'Retire'
                : 'Restore'
        }
        description={
          open?.kind === 'retire' ? (
            <p>Members no longer see it; what they bought stays theirs. You can put it back on sale later.</p>
          ) : open?.kind === 'save' && !item ? (
            <p>Every member hears of a new item once, in their notifications.</p>
          ) : undefined
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      >
        {open?.kind === 'restock' && (
          <Field
            label="Units to add"
            inputMode="numeric"
            value={units}
            error={unitsError ?? undefined}
            hint={`Now ${formatCount(open.item.iStock ?? 0)} in stock.`}
            onChange={(e) => setUnits(e.target.value)}
          />
        )}
      </ReasonDialog>
    </div>
  );
}
