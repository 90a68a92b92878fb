import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type {
  ConsoleRaffleChangeAnswer,
  ConsoleRaffleEntryRow,
  ConsoleRaffleListAnswer,
  ConsoleRaffleRow,
  ConsoleRaffleShowAnswer,
  ConsoleRaffleTemplatesAnswer,
  ConsoleRaffleWeekly,
  ConsoleRaffleWinnerRow,
} from '../../../../protocol/consoleRaffles';
import type { RaffleStatus } from '../../../../protocol/raffle';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { newPrize, type PrizeDraft, PrizeEditor, prizeDrafts, prizeSpecs } from './PrizeEditor';
import styles from './RafflesScreen.module.css';

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

type Step = 'open' | 'close' | 'draw' | 'cancel';
type Open =
  | { kind: 'create' }
  | { kind: 'weekly' }
  | { kind: 'step'; step: Step; raffle: Pick<ConsoleRaffleRow, 'iRaffleID' | 'sTitle'> };

/** The steps a raffle in this state may take (lifecycle.ts): the console shows only these. */
const STEPS: Record<RaffleStatus, Step[]> = {
  scheduled: ['open', 'cancel'],
  open: ['close', 'cancel'],
  closed: ['draw', 'cancel'],
  drawing: ['draw'],
  drawn: [],
  cancelled: [],
};

const STEP_WORDS: Record<Step, { label: string; confirm: string; action: string; about: string }> = {
  open: {
    label: 'Open',
    confirm: 'Open now',
    action: 'raffleOpen',
    about:
      'Opens it now: a secret seed is chosen and its commitment published; members can enter at once. Only one raffle is open at a time.',
  },
  close: {
    label: 'Close',
    confirm: 'Close entries',
    action: 'raffleClose',
    about: 'Closes entries now and publishes the entry list and its root; nobody can enter after this.',
  },
  draw: {
    label: 'Draw',
    confirm: 'Draw the winners',
    action: 'raffleDraw',
    about:
      'Reveals the seed, draws the winners and delivers the prizes; every entrant is told the result. This cannot be undone.',
  },
  cancel: {
    label: 'Cancel',
    confirm: 'Cancel the raffle',
    action: 'raffleCancel',
    about: 'Cancels the raffle and gives every entered ticket back to its member. This cannot be undone.',
  },
};

const STATUS_WORDS: Record<RaffleStatus, string> = {
  scheduled: 'Scheduled',
  open: 'Open',
  closed: 'Closed',
  drawing: 'Drawing (prizes on their way)',
  drawn: 'Drawn',
  cancelled: 'Cancelled',
};

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

/** datetime-local text for an epoch ms (local time). */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function prizeSummary(weekly: ConsoleRaffleWeekly, names: ReadonlyMap<string, string>): string {
  return weekly.aPrizes
    .map((prize) =>
      prize.sKind === 'item'
        ? `${names.get(prize.sTemplateID ?? '') ?? prize.sTemplateID} ×${prize.iQuantity}`
        : `${formatCount(prize.iAmount ?? 0)} ${prize.sKind} ×${prize.iQuantity}`,
    )
    .join(', ');
}

/** One raffle as members see it (the draw's published values), its winners and a page of its entries. */
function RaffleDetailPanel({ raffleId }: { raffleId: number }) {
  const [page, setPage] = useState(0);
  const shown = useQuery({
    queryKey: ['console', 'raffle', raffleId, page],
    queryFn: ({ signal }) =>
      consoleCall<ConsoleRaffleShowAnswer>('raffleShow', { iRaffleID: raffleId, iPage: page, iPageSize: 25 }, signal),
  });
  if (shown.error) return <Notice tone="danger">{(shown.error as ConsoleError).message}</Notice>;
  const data = shown.data;
  if (!data) return <p className={shared.muted}>Loading raffle {raffleId}…</p>;
  const detail = data.pDetail;
  const revealed = detail.sStatus === 'drawing' || detail.sStatus === 'drawn';
  const winnerColumns: ColumnDef<ConsoleRaffleWinnerRow, unknown>[] = [
    { id: 'pick', header: 'Pick', cell: ({ row }) => `#${row.original.iPick}` },
    { id: 'member', header: 'Member', cell: ({ row }) => row.original.sUserName },
    { id: 'prize', header: 'Prize', cell: ({ row }) => row.original.sPrizeName },
    {
      id: 'delivered',
      header: 'Delivered',
      cell: ({ row }) => (row.original.iDeliveredAt ? formatWhen(row.original.iDeliveredAt) : 'Not yet'),
    },
  ];
  const entryColumns: ColumnDef<ConsoleRaffleEntryRow, unknown>[] = [
    { id: 'member', header: 'Member', cell: ({ row }) => row.original.sUserName },
    { id: 'tickets', header: 'Tickets', cell: ({ row }) => formatCount(row.original.iTickets) },
    { id: 'entered', header: 'Entered', cell: ({ row }) => formatWhen(row.original.iEnteredAt) },
    {
      id: 'entrant',
      header: 'Entrant id',
      cell: ({ row }) => <span className={styles.hex}>{row.original.sEntrantID}</span>,
    },
    { id: 'refunded', header: 'Refunded', cell: ({ row }) => (row.original.bRefunded ? 'Yes' : '—') },
  ];
  return (
    <section className={styles.detail} aria-labelledby="raffle-detail-title">
      <h2 id="raffle-detail-title">
        Raffle {raffleId}: {detail.sTitle}
      </h2>
      <dl className={styles.facts}>
        <dt>State</dt>
        <dd>{STATUS_WORDS[detail.sStatus]}</dd>
        <dt>Opens</dt>
        <dd>{formatWhen(detail.iOpensAt)}</dd>
        <dt>Closes</dt>
        <dd>{formatWhen(detail.iClosesAt)}</dd>
        <dt>Entries</dt>
        <dd>
          {plural(detail.iEntrantCount, 'member')}, {plural(detail.iTicketTotal, 'ticket')}
        </dd>
        <dt>Prizes</dt>
        <dd>{detail.aPrizes.map((prize) => `${prize.sName} ×${prize.iQuantity}`).join(', ')}</dd>
        <dt>Commitment</dt>
        <dd className={styles.hex}>{detail.sCommitment || 'Published when it opens'}</dd>
        <dt>Entry root</dt>
        <dd className={styles.hex}>{detail.sRoot || 'Published when it closes'}</dd>
        <dt>Seed</dt>
        <dd className={styles.hex}>{revealed ? detail.sSeed : 'Secret until the draw'}</dd>
      </dl>
      {revealed && (
        <p>
          <a href={data.sVerifyPath} target="_blank" rel="noreferrer">
            Replay and verify the draw as members see it
          </a>
        </p>
      )}
      {data.aWinners.length > 0 && (
        <DataTable
          caption="Winners, in draw order"
          columns={winnerColumns}
          rows={data.aWinners}
          rowId={(row) => String(row.iPick)}
        />
      )}
      <DataTable
        caption="Entries"
        columns={entryColumns}
        rows={data.aRows}
        rowId={(row) => row.sEntrantID}
        busy={shown.isFetching}
        empty="Nobody has entered yet."
        page={{ index: page, more: data.bMore, onChange: setPage }}
      />
    </section>
  );
}

/**
 * Raffles (issue 29; docs/product.md §12): schedule one with prizes picked from the collectible
 * templates, open, close, draw or cancel it (each with a reason), its entries and its draw as
 * members see it, and the weekly automatic raffle's settings. Every operator reads; admins change.
 */
export default function RafflesScreen() {
  useConsoleTitle('Raffles');
  const may = useOperatorMay();
  const canManage = may('live:manage');
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('raffle') ?? 0) || 0;
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['console', 'raffles', page],
    queryFn: ({ signal }) =>
      consoleCall<ConsoleRaffleListAnswer>('raffleList', { iPage: page, iPageSize: PAGE_SIZE }, signal),
  });
  const templates = useQuery({
    queryKey: ['console', 'raffleTemplates'],
    queryFn: ({ signal }) => consoleCall<ConsoleRaffleTemplatesAnswer>('raffleTemplates', {}, signal),
    staleTime: 5 * 60_000,
  });
  const templateList = templates.data?.aTemplates ?? [];
  const templateNames = new Map(templateList.map((t) => [t.sTemplateID, t.sName]));

  const [open, setOpen] = useState<Open | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [opensAt, setOpensAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  const [prizes, setPrizes] = useState<PrizeDraft[]>([]);
  const [weekly, setWeekly] = useState<ConsoleRaffleWeekly | null>(null);

  const select = (raffleId: number) => setParams(raffleId ? { raffle: String(raffleId) } : {});

  function show(next: Open) {
    setDone(null);
    setProblem(null);
    if (next.kind === 'create') {
      setTitle('');
      setOpensAt('');
      setClosesAt(localInput(Date.now() + 7 * DAY_MS));
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

  async function confirm(reason: string) {
    if (!open) return;
    if (open.kind === 'step') {
      const words = STEP_WORDS[open.step];
      await consoleCall<ConsoleRaffleChangeAnswer>(words.action, { iRaffleID: open.raffle.iRaffleID, sReason: reason });
      setDone(
        open.step === 'draw'
          ? `Raffle ${open.raffle.iRaffleID} is drawn; the winners have their prizes and every entrant was told.`
          : `Raffle ${open.raffle.iRaffleID} ${open.step === 'open' ? 'is open' : open.step === 'close' ? 'is closed' : 'is cancelled and every ticket refunded'}.`,
      );
      select(open.raffle.iRaffleID);
      await refresh();
      return;
    }
    const specs = prizeSpecs(prizes);
    if (typeof specs === 'string') {
      setProblem(specs);
      return false;
    }
    if (open.kind === 'create') {
      if (!title.trim()) {
        setProblem('Give the raffle a title.');
        return false;
      }
      const closes = closesAt ? new Date(closesAt).getTime() : Number.NaN;
      if (!Number.isFinite(closes)) {
        setProblem('Choose when the raffle closes.');
        return false;
      }
      const created = await consoleCall<ConsoleRaffleChangeAnswer>('raffleCreate', {
        sTitle: title.trim(),
        iOpensAt: opensAt ? new Date(opensAt).getTime() : 0,
        iClosesAt: closes,
        aPrizes: specs,
        sReason: reason,
      });
      setDone(`Raffle ${created.iRaffleID} "${title.trim()}" is scheduled.`);
      setPage(0);
      select(created.iRaffleID);
    } else if (weekly) {
      await consoleCall<ConsoleRaffleChangeAnswer>('raffleWeeklySet', { ...weekly, aPrizes: specs, sReason: reason });
      setDone('The weekly raffle settings are saved; the next automatic raffle uses them.');
    }
    await refresh();
  }

  const columns: ColumnDef<ConsoleRaffleRow, unknown>[] = [
    { id: 'id', header: 'Id', cell: ({ row }) => row.original.iRaffleID },
    {
      id: 'title',
      header: 'Title',
      cell: ({ row }) => <span className={shared.users}>{row.original.sTitle}</span>,
    },
    { id: 'status', header: 'State', cell: ({ row }) => STATUS_WORDS[row.original.sStatus] },
    { id: 'opens', header: 'Opens', cell: ({ row }) => formatWhen(row.original.iOpensAt) },
    { id: 'closes', header: 'Closes', cell: ({ row }) => formatWhen(row.original.iClosesAt) },
    {
      id: 'entries',
      header: 'Entries',
      cell: ({ row }) =>
        row.original.sStatus === 'scheduled' || row.original.sStatus === 'open'
          ? '—'
          : `${plural(row.original.iEntrantCount, 'member')}, ${plural(row.original.iTicketTotal, 'ticket')}`,
    },
    { id: 'prizes', header: 'Prizes', cell: ({ row }) => <span className={shared.users}>{row.original.sPrizes}</span> },
    {
      id: 'by',
      header: 'Made by',
      cell: ({ row }) => (
        <span className={shared.actor}>{row.original.bWeekly ? 'Weekly job' : row.original.sCreatedBy}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const raffle = row.original;
        return (
          <div className={styles.rowActions}>
            <button
              type="button"
              className={shared.small}
              aria-label={`Details of raffle ${raffle.iRaffleID}`}
              aria-pressed={selected === raffle.iRaffleID}
              onClick={() => select(selected === raffle.iRaffleID ? 0 : raffle.iRaffleID)}
            >
              Details
            </button>
            {canManage &&
              STEPS[raffle.sStatus].map((step) => (
                <button
                  key={step}
                  type="button"
                  className={`${shared.small} ${step === 'cancel' ? shared.danger : ''}`}
                  aria-label={`${STEP_WORDS[step].label} raffle ${raffle.iRaffleID}`}
                  onClick={() => show({ kind: 'step', step, raffle })}
                >
                  {STEP_WORDS[step].label}
                </button>
              ))}
          </div>
        );
      },
    },
  ];

  const current = list.data?.pWeekly;
  const dialogTitle =
    open?.kind === 'create'
      ? 'Schedule a raffle'
      : open?.kind === 'weekly'
        ? 'Weekly raffle settings'
        : open?.kind === 'step'
          ? `${STEP_WORDS[open.step].label} raffle ${open.raffle.iRaffleID}: ${open.raffle.sTitle}`
          : '';

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
        rows={list.data?.aRows ?? []}
        rowId={(row) => String(row.iRaffleID)}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No raffles yet.'}
        page={{ index: page, more: list.data?.bMore ?? false, onChange: setPage }}
      />
      {selected > 0 && <RaffleDetailPanel key={selected} raffleId={selected} />}
      <section className={shared.panel} aria-labelledby="weekly-title">
        <div>
          <h2 id="weekly-title">Weekly raffle</h2>
          {current ? (
            <p>
              {current.bAuto
                ? `Automatic: opens ${current.sOpens}, closes ${current.sCloses} (UTC)${current.bBeacon ? ', with the drand beacon' : ''}. Prizes: ${prizeSummary(current, templateNames)}.`
                : 'Off: no raffle is scheduled automatically.'}
            </p>
          ) : (
            <p className={shared.muted}>Loading…</p>
          )}
        </div>
        {canManage && current && (
          <Button variant="secondary" onClick={() => show({ kind: 'weekly' })}>
            Edit weekly settings
          </Button>
        )}
      </section>
      <ReasonDialog
        open={dialogOpen}
        title={dialogTitle}
        danger={open?.kind === 'step' && open.step === 'cancel'}
        confirmLabel={
          open?.kind === 'create'
            ? 'Schedule'
            : open?.kind === 'weekly'
              ? 'Save settings'
              : open?.kind === 'step'
                ? STEP_WORDS[open.step].confirm
                : ''
        }
        description={
          open?.kind === 'step' ? (
            <p>{STEP_WORDS[open.step].about}</p>
          ) : open?.kind === 'weekly' ? (
            <p>Times are the day and time of the week in UTC, like "Mon 00:00". Changes apply to the next raffle.</p>
          ) : open?.kind === 'create' ? (
            <p>The raffle waits until it opens (the job opens it on time, or open it by hand).</p>
          ) : undefined
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      >
        {open?.kind === 'create' && (
          <>
            <Field label="Title" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
            <div className={shared.fields}>
              <Field
                label="Opens"
                type="datetime-local"
                hint="Your local time; empty opens it now."
                value={opensAt}
                onChange={(event) => setOpensAt(event.target.value)}
              />
              <Field
                label="Closes"
                type="datetime-local"
                hint="Your local time."
                value={closesAt}
                onChange={(event) => setClosesAt(event.target.value)}
              />
            </div>
          </>
        )}
        {open?.kind === 'weekly' && weekly && (
          <>
            <Checkbox
              label="Schedule a raffle every week"
              checked={weekly.bAuto}
              onChange={(bAuto) => setWeekly({ ...weekly, bAuto })}
            />
            <div className={shared.fields}>
              <Field
                label="Opens (UTC)"
                value={weekly.sOpens}
                hint='e.g. "Mon 00:00"'
                onChange={(event) => setWeekly({ ...weekly, sOpens: event.target.value })}
              />
              <Field
                label="Closes (UTC)"
                value={weekly.sCloses}
                hint='e.g. "Sun 20:00"'
                onChange={(event) => setWeekly({ ...weekly, sCloses: event.target.value })}
              />
            </div>
            <Checkbox
              label="Mix a drand beacon round into the draw"
              checked={weekly.bBeacon}
              onChange={(bBeacon) => setWeekly({ ...weekly, bBeacon })}
            />
          </>
        )}
        {(open?.kind === 'create' || open?.kind === 'weekly') && (
          <PrizeEditor prizes={prizes} templates={templateList} onChange={setPrizes} />
        )}
        {problem && <Notice tone="danger">{problem}</Notice>}
      </ReasonDialog>
    </div>
  );
}
