import { type FormEvent, useState } from 'react';
import type { ConsoleStoreItem } from '../../../../protocol/store';
import type { ConsoleError } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useStoreCatalogue, useStoreLevers } from './api';
import { changedFields, type Draft, draftOf, type FieldErrors, type Fields, fieldsOf } from './draft';
import { ItemEditor } from './ItemEditor';
import { type Open, StoreItemDialog } from './StoreItemDialog';
import { storeColumns } from './storeColumns';

/** The store's catalogue (issue 29): items with their sales, and the levers of `store add|update|retire|restore|restock`. */
export default function StoreCatalogueScreen() {
  useConsoleTitle('Store catalogue');
  const may = useOperatorMay();
  const manage = may('live:manage');
  const list = useStoreCatalogue();
  const levers = useStoreLevers();
  const [editing, setEditing] = useState<{ item: ConsoleStoreItem | null } | null>(null);
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<Fields | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [units, setUnits] = useState('');
  const [unitsError, setUnitsError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const errorOf = (field: keyof Draft) => fieldErrors[field];

  function edit(item: ConsoleStoreItem | null) {
    setDone(null);
    setFieldErrors({});
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
    const item = editing?.item;
    const parsed = fieldsOf(draft, !item);
    if ('errors' in parsed) {
      setFieldErrors(parsed.errors);
      return;
    }
    setFieldErrors({});
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
      const answer = item
        ? await levers.update(item.sStoreItemID, pending ?? {}, reason)
        : await levers.add(draft.id.trim(), pending ?? {}, reason);
      setDone(`${item ? 'Saved' : 'Added'} ${answer.pItem.sName} (${answer.pItem.sStoreItemID}).`);
      setEditing(null);
    } else if (open.kind === 'restock') {
      const n = units.trim();
      if (!/^\d+$/.test(n)) {
        setUnitsError('Enter a whole number of units.');
        return false;
      }
      const answer = await levers.restock(open.item.sStoreItemID, Number(n), reason);
      setDone(`${answer.pItem.sName}: ${formatCount(answer.pItem.iStock ?? 0)} in stock.`);
    } else {
      const retire = open.kind === 'retire';
      const answer = await (retire ? levers.retire : levers.restore)(open.item.sStoreItemID, reason);
      setDone(
        retire
          ? `${answer.pItem.sName} is retired: members no longer see it.`
          : `${answer.pItem.sName} is back in the catalogue.`,
      );
    }
    await levers.refresh();
  }

  const columns = storeColumns(
    list.data?.iNow ?? Date.now(),
    manage
      ? {
          edit,
          restock: (item) => show({ kind: 'restock', item }),
          retire: (item) => show({ kind: 'retire', item }),
          restore: (item) => show({ kind: 'restore', item }),
        }
      : undefined,
  );

  if (list.error) {
    return (
      <div className={shared.screen}>
        <PageHeader title="Store catalogue" />
        <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
      </div>
    );
  }

  const item = editing?.item ?? null;
  return (
    <div className={shared.screen}>
      <PageHeader
        title="Store catalogue"
        subtitle="What members can buy on /rewardstore, with what each item sold. Changes show to members at once."
        actions={manage && !editing ? <Button onClick={() => edit(null)}>Add item</Button> : undefined}
      />
      {done && <Notice tone="success">{done}</Notice>}
      {editing && list.data && (
        <ItemEditor
          catalogue={list.data}
          item={item}
          session={editing}
          draft={draft}
          set={set}
          errorOf={errorOf}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
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
      <StoreItemDialog
        open={open}
        dialogOpen={dialogOpen}
        item={item}
        newName={draft.name || draft.id}
        units={units}
        unitsError={unitsError}
        onUnits={setUnits}
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
