import type { ConsoleRaffleWeekly } from '../../../../protocol/consoleRaffles';
import type { RaffleStatus } from '../../../../protocol/raffle';
import { formatCount } from '../../../ui/format';
import { msToField } from '../../../ui/timeZone';

export type Step = 'open' | 'close' | 'draw' | 'cancel';

/** The steps a raffle in this state may take (lifecycle.ts): the console shows only these. */
export const STEPS: Record<RaffleStatus, Step[]> = {
  scheduled: ['open', 'cancel'],
  open: ['close', 'cancel'],
  closed: ['draw', 'cancel'],
  drawing: ['draw'],
  drawn: [],
  cancelled: [],
};

export const STEP_WORDS: Record<
  Step,
  {
    label: string;
    confirm: string;
    action: 'raffleOpen' | 'raffleClose' | 'raffleDraw' | 'raffleCancel';
    about: string;
  }
> = {
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
    about:
      'Closes entries now and publishes the entry list and its root; nobody can enter after this. The raffle then stays closed for your review: nothing is drawn until an operator draws it.',
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

export const STATUS_WORDS: Record<RaffleStatus, string> = {
  scheduled: 'Scheduled',
  open: 'Open',
  closed: 'Closed',
  drawing: 'Drawing (prizes on their way)',
  drawn: 'Drawn',
  cancelled: 'Cancelled',
};

/** A raffle's state in words; one closed by hand says it waits for the operator's review. */
export const statusWords = (status: RaffleStatus, heldForReview = false) =>
  status === 'closed' && heldForReview ? 'Closed, held for your review' : STATUS_WORDS[status];

/** What an operator is told once a step is done. */
export function stepDone(step: Step, raffleId: number): string {
  if (step === 'draw') return `Raffle ${raffleId} is drawn; the winners have their prizes and every entrant was told.`;
  if (step === 'open') return `Raffle ${raffleId} is open.`;
  if (step === 'close') {
    return `Raffle ${raffleId} is closed and held for your review: check its entries below, then draw it when ready.`;
  }
  return `Raffle ${raffleId} is cancelled and every ticket refunded.`;
}

export const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

/** datetime-local text for an epoch ms, in the console's chosen zone. */
export const localInput = (ms: number): string => msToField(ms);

export function prizeSummary(weekly: ConsoleRaffleWeekly, names: ReadonlyMap<string, string>): string {
  return weekly.aPrizes
    .map((prize) =>
      prize.sKind === 'item'
        ? `${names.get(prize.sTemplateID ?? '') ?? prize.sTemplateID} ×${prize.iQuantity}`
        : `${formatCount(prize.iAmount ?? 0)} ${prize.sKind} ×${prize.iQuantity}`,
    )
    .join(', ');
}
