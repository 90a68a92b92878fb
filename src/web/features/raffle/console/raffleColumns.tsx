import type { ConsoleRaffleRow } from '../../../../protocol/consoleRaffles';
import shared from '../../../ui/ConsoleScreen.module.css';
import { When } from '../../../ui/ConsoleTime';
import type { ColumnDef } from '../../../ui/DataTable';
import styles from './RafflesScreen.module.css';
import { plural, STEP_WORDS, STEPS, type Step, statusWords } from './raffleWords';

interface Levers {
  selected: number;
  canManage: boolean;
  /** The raffle open now (0: none): no other is offered "Open" meanwhile (issue 38). */
  openRaffleId: number;
  select(raffleId: number): void;
  step(step: Step, raffle: ConsoleRaffleRow): void;
}

function RowActions({ raffle, levers }: { raffle: ConsoleRaffleRow; levers: Levers }) {
  const blocked =
    raffle.sStatus === 'scheduled' && levers.openRaffleId !== 0 && levers.openRaffleId !== raffle.iRaffleID;
  const steps = STEPS[raffle.sStatus].filter((step) => !(step === 'open' && blocked));
  return (
    <div className={styles.rowActions}>
      <button
        type="button"
        className={shared.small}
        aria-pressed={levers.selected === raffle.iRaffleID}
        onClick={() => levers.select(levers.selected === raffle.iRaffleID ? 0 : raffle.iRaffleID)}
      >
        Details<span className="visually-hidden"> of raffle {raffle.iRaffleID}</span>
      </button>
      {levers.canManage &&
        steps.map((step) => (
          <button
            key={step}
            type="button"
            className={`${shared.small} ${step === 'cancel' ? shared.danger : ''}`}
            onClick={() => levers.step(step, raffle)}
          >
            {STEP_WORDS[step].label}
            <span className="visually-hidden"> raffle {raffle.iRaffleID}</span>
          </button>
        ))}
      {levers.canManage && blocked && (
        <span className={styles.waits}>Opens once raffle {levers.openRaffleId} closes</span>
      )}
    </div>
  );
}

/** The raffles table: each raffle's times (zone named), entries, prizes and the steps it may take. */
export function raffleColumns(levers: Levers): ColumnDef<ConsoleRaffleRow, unknown>[] {
  return [
    { id: 'id', header: 'Id', cell: ({ row }) => row.original.iRaffleID },
    { id: 'title', header: 'Title', cell: ({ row }) => <span className={shared.users}>{row.original.sTitle}</span> },
    {
      id: 'status',
      header: 'State',
      cell: ({ row }) => (
        <span className={styles.state}>{statusWords(row.original.sStatus, row.original.bHeldForReview)}</span>
      ),
    },
    { id: 'opens', header: 'Opens', cell: ({ row }) => <When ms={row.original.iOpensAt} /> },
    { id: 'closes', header: 'Closes', cell: ({ row }) => <When ms={row.original.iClosesAt} /> },
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
    { id: 'actions', header: 'Actions', cell: ({ row }) => <RowActions raffle={row.original} levers={levers} /> },
  ];
}
