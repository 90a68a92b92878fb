import { useState } from 'react';
import { type ConsoleCurseSolve, weekOf } from '../../../../protocol/games';
import type { ConsoleError } from '../../../api/console';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { type CurseForm, useCurseLevers, useCurseWeek } from './api';
import { CurseCard, WeekNav } from './CurseCard';
import { CurseDialog, type CurseOpen } from './CurseDialog';
import styles from './CurseScreen.module.css';

const EMPTY_FORM: CurseForm = { answer: '', cipher: 'shift', key: '', title: '', lore: '', hint: '' };

const columns: ColumnDef<ConsoleCurseSolve, unknown>[] = [
  { id: 'member', header: 'Member', cell: ({ row }) => row.original.sUsername || <em>{row.original.sUserID}</em> },
  { id: 'at', header: 'Broken at', cell: ({ row }) => formatWhen(row.original.iSolvedAt) },
];

/** The curse-breaker (issue 29): a week's curse, who broke it, and setting or clearing it (`cursebreaker`). */
export default function CurseScreen() {
  useConsoleTitle('Curse-breaker');
  const canChange = useOperatorMay()('live:manage');
  const levers = useCurseLevers();
  const thisWeek = weekOf(Date.now()).sWeek;
  const [week, setWeek] = useState(thisWeek);
  const [page, setPage] = useState(0);
  const curse = useCurseWeek(week, page);
  const [open, setOpen] = useState<CurseOpen>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [form, setForm] = useState<CurseForm>(EMPTY_FORM);

  function goToWeek(startsAt: number) {
    setDone(null);
    setWeek(weekOf(startsAt).sWeek);
    setPage(0);
  }

  function show(next: CurseOpen) {
    setDone(null);
    if (next === 'set') setForm(EMPTY_FORM);
    setOpen(next);
    setDialogOpen(next !== null);
  }

  async function confirm(reason: string) {
    if (open === 'set') {
      const answer = await levers.set(week, form, reason);
      setDone(`The curse of ${week} is set: “${answer.pCurse.sTitle}”.`);
    } else if (open === 'clear') {
      await levers.clear(week, reason);
      setDone(`The curse of ${week} is generated again.`);
    }
    await levers.refresh(week);
  }

  const data = curse.data;
  const puzzle = data?.pCurse;
  return (
    <div className={shared.screen}>
      <PageHeader
        title="Curse-breaker"
        subtitle="One cipher puzzle per ISO week; a member who breaks it earns a raffle ticket, once a week."
        actions={
          canChange && (
            <>
              <Button onClick={() => show('set')}>Set the curse…</Button>
              {puzzle?.sSource === 'operator' && (
                <Button variant="secondary" onClick={() => show('clear')}>
                  Back to the generated curse…
                </Button>
              )}
            </>
          )
        }
      />
      <WeekNav week={week} thisWeek={thisWeek} puzzle={puzzle} onWeek={goToWeek} />
      {done && <Notice tone="success">{done}</Notice>}
      {curse.error && <Notice tone="danger">{(curse.error as ConsoleError).message}</Notice>}
      {puzzle && <CurseCard puzzle={puzzle} />}
      <section className={`${shared.section} ${styles.section}`} aria-labelledby="solves-title">
        <h2 id="solves-title">
          {data ? `Broken by ${formatCount(data.iSolves)} member${data.iSolves === 1 ? '' : 's'}` : 'Solves'}
        </h2>
        <DataTable
          caption={`Members who broke the curse of ${week}`}
          columns={columns}
          rows={data?.aSolves ?? []}
          rowId={(row) => row.sUserID}
          busy={curse.isFetching}
          empty={curse.isPending ? 'Loading…' : 'Nobody has broken it yet.'}
          page={{ index: page, more: data?.bMore ?? false, onChange: setPage }}
        />
      </section>
      <CurseDialog
        open={open}
        dialogOpen={dialogOpen}
        week={week}
        form={form}
        onForm={(patch) => setForm((f) => ({ ...f, ...patch }))}
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
