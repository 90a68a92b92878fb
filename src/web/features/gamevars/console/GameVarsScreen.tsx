import { useState } from 'react';
import type { ConsoleGameVarRow } from '../../../../protocol/gamevars';
import type { ConsoleError } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useGameVarLevers, useGameVars } from './api';
import { GameVarDialog } from './GameVarDialog';
import { gameVarColumns } from './gameVarColumns';

/** The game vars (issue 29): each with its type, range and reader, the value members get now, and a typed editor. */
export default function GameVarsScreen() {
  useConsoleTitle('Game vars');
  const canChange = useOperatorMay()('live:manage');
  const list = useGameVars();
  const levers = useGameVarLevers();
  const [editing, setEditing] = useState<ConsoleGameVarRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [value, setValue] = useState('');
  const [done, setDone] = useState<string | null>(null);

  function edit(row: ConsoleGameVarRow) {
    setDone(null);
    setEditing(row);
    setValue(row.sValue ?? row.sDefault ?? '');
    setDialogOpen(true);
  }

  async function save(reason: string) {
    if (!editing || value === (editing.sValue ?? '')) return false;
    // The server's check is the only one: its refusal (the CLI's sentence) shows in the dialog.
    const answer = await levers.set({ sVarID: editing.sVarID, sType: editing.sType, sValue: value }, reason);
    setDone(`${answer.pVar.sVarID} (${answer.pVar.sType}) = ${answer.pVar.sValue}`);
    await levers.refresh();
  }

  if (list.error) {
    return (
      <div className={shared.screen}>
        <PageHeader title="Game vars" />
        <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
      </div>
    );
  }

  return (
    <div className={shared.screen}>
      <PageHeader
        title="Game vars"
        subtitle="The values the portal’s rules read, declared by the capability that reads them. Members get a change at their next call."
      />
      {done && <Notice tone="success">{done}</Notice>}
      <DataTable
        caption={list.data ? `Game vars (${list.data.aRows.length})` : 'Game vars'}
        columns={gameVarColumns(canChange ? edit : undefined)}
        rows={list.data?.aRows ?? []}
        rowId={(row) => row.sVarID}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No game vars.'}
      />
      <GameVarDialog
        editing={editing}
        dialogOpen={dialogOpen}
        value={value}
        onValue={setValue}
        onClose={() => setDialogOpen(false)}
        onConfirm={save}
      />
    </div>
  );
}
