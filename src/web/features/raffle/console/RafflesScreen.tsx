import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsoleRaffleRow, ConsoleRaffleWeekly } from '../../../../protocol/consoleRaffles';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { newPrize, type PrizeDraft, prizeDrafts } from './PrizeEditor';
import { RaffleDetailPanel } from './RaffleDetailPanel';
import { type CreateDraft, type Open, RaffleDialog } from './RaffleDialog';
import { raffleColumns } from './raffleColumns';
import { localInput, prizeSummary, STEP_WORDS, stepDone } from './raffleWords';

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

/** The weekly raffle's settings in one sentence (its times are UTC week times, named). */
function WeeklyPanel({
  weekly,
  names,
  onEdit,
}: {
  weekly?: ConsoleRaffleWeekly;
  names: Map<string, string>;
  onEdit?: () => void;
}) {
  return (
    <section className={shared.panel} aria-labelledby="weekly-title">
      <div>
        <h2 id="weekly-title">Weekly raffle</h2>
        {weekly ? (
          <p>
            {weekly.bAuto
              ? `Automatic: opens ${weekly.sOpens} UTC, closes ${weekly.sCloses} UTC${weekly.bBeacon ? ', with the drand beacon' : ''}. Prizes: ${prizeSummary(weekly, names)}.`
              : 'Off: no raffle is scheduled automatically.'}
          </p>
        ) : (
          <p className={shared.muted}>Loading…</p>
        )}
      </div>
      {onEdit && weekly && (
        <Button variant="secondary" onClick={onEdit}>
          Edit weekly settings
        </Button>
      )}
    </section>
  );
}

/**
 * Raffles (issue 29; docs/product.md §12): schedule one with prizes picked from the collectible
 * templates, open, close, draw or cancel it (each with a reason), its entries and its draw as
 * members see it, and the weekly automatic raffle's settings. Every operator reads; admins change.
 * A raffle closed here stays closed for review until an operator draws it (decision 0227).
 */
export default function RafflesScreen() {
  useConsoleTitle('Raffles');
  const canManage = useOperatorMay()('live:manage');
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('raffle') ?? 0) || 0;
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['console', 'raffles', page],
    queryFn: ({ signal }) => consoleCall('raffleList', { iPage: page, iPageSize: PAGE_SIZE }, signal),
  });
  const templates = useQuery({
    queryKey: ['console', 'raffleTemplates'],
    queryFn: ({ signal }) => consoleCall('raffleTemplates', {}, signal),
    staleTime: 5 * 60_000,
  });
  const templateList = templates.data?.aTemplates ?? [];
  const [open, setOpen] = useState<Open | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [draft, setDraft] = useState<CreateDraft>({ title: '', opensAt: '', closesAt: '' });
  const [prizes, setPrizes] = useState<PrizeDraft[]>([]);
  const [weekly, setWeekly] = useState<ConsoleRaffleWeekly | null>(null);
  const select = (raffleId: number) => setParams(raffleId ? { raffle: String(raffleId) } : {});

  function show(next: Open) {
    setDone(null);
    if (next.kind === 'create') {
      setDraft({ title: '', opensAt: '', closesAt: localInput(Date.now() + 7 * DAY_MS) });
      setPrizes([newPrize('item', templateList[0]?.sTemplateID ?? ''), newPrize('points')]);
    }
    if (next.kind === 'weekly' && list.data) {
      setWeekly(list.data.pWeekly);
      setPrizes(prizeDrafts(list.data.pWeekly.aPrizes));
    }
    setOpen(next);
    setDialogOpen(true);
  }
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['console', 'raffles'] }),
      queries.invalidateQueries({ queryKey: ['console', 'raffle'] }),
    ]);

  async function step(next: Extract<Open, { kind: 'step' }>, reason: string) {
    const words = STEP_WORDS[next.step];
    await consoleCall(words.action, { iRaffleID: next.raffle.iRaffleID, sReason: reason });
    setDone(stepDone(next.step, next.raffle.iRaffleID));
    select(next.raffle.iRaffleID);
    await refresh();
  }

  async function saved(sentence: string, raffleId?: number) {
    setDone(sentence);
    if (raffleId) {
      setPage(0);
      select(raffleId);
    }
    await refresh();
  }

  const rows = list.data?.aRows ?? [];
  const columns = raffleColumns({
    selected,
    canManage,
    openRaffleId: list.data?.iOpenRaffleID ?? 0,
    select,
    step: (s, raffle: ConsoleRaffleRow) => show({ kind: 'step', step: s, raffle }),
  });
  const names = new Map(templateList.map((t) => [t.sTemplateID, t.sName]));
  return (
    <div className={shared.screen}>
      <PageHeader
        title="Raffles"
        subtitle="Every raffle with its state, entries and draw; the weekly automatic raffle's settings."
        actions={canManage && <Button onClick={() => show({ kind: 'create' })}>Schedule a raffle</Button>}
      />
      {list.error && <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      <DataTable
        caption="Raffles, newest first"
        columns={columns}
        rows={rows}
        rowId={(row) => String(row.iRaffleID)}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No raffles yet.'}
        page={{ index: page, more: list.data?.bMore ?? false, onChange: setPage }}
      />
      {selected > 0 && (
        <RaffleDetailPanel
          key={selected}
          raffleId={selected}
          heldForReview={rows.find((row) => row.iRaffleID === selected)?.bHeldForReview ?? false}
        />
      )}
      <WeeklyPanel
        weekly={list.data?.pWeekly}
        names={names}
        onEdit={canManage ? () => show({ kind: 'weekly' }) : undefined}
      />
      <RaffleDialog
        open={open}
        dialogOpen={dialogOpen}
        draft={draft}
        weekly={weekly}
        prizes={prizes}
        templates={templateList}
        set={{ draft: setDraft, weekly: setWeekly, prizes: setPrizes }}
        onStep={step}
        onSaved={saved}
        onClose={() => setDialogOpen(false)}
      />
    </div>
  );
}
