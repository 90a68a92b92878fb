import { useState } from 'react';
import type { ConsoleRaffleRow, ConsoleRaffleWeekly, ConsoleTemplateChoice } from '../../../../protocol/consoleRaffles';
import { Notice } from '../../../ui/Notice';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { fieldToMs } from '../../../ui/timeZone';
import { useRaffleLevers } from './api';
import { type PrizeDraft, PrizeEditor, prizeSpecs } from './PrizeEditor';
import { type CreateDraft, CreateFields, WeeklyFields } from './RaffleDialogFields';
import { STEP_WORDS, type Step } from './raffleWords';

export type { CreateDraft } from './RaffleDialogFields';

export type Open =
  | { kind: 'create' }
  | { kind: 'weekly' }
  | { kind: 'step'; step: Step; raffle: Pick<ConsoleRaffleRow, 'iRaffleID' | 'sTitle'> };

function title(open: Open | null): string {
  if (open?.kind === 'create') return 'Schedule a raffle';
  if (open?.kind === 'weekly') return 'Weekly raffle settings';
  if (open?.kind === 'step')
    return `${STEP_WORDS[open.step].label} raffle ${open.raffle.iRaffleID}: ${open.raffle.sTitle}`;
  return '';
}

function confirmLabel(open: Open | null): string {
  if (open?.kind === 'create') return 'Schedule';
  if (open?.kind === 'weekly') return 'Save settings';
  return open?.kind === 'step' ? STEP_WORDS[open.step].confirm : '';
}

/** What is wrong with the create or weekly form, or null (checked with the reason, on one submit). */
function formProblem(open: Open | null, draft: CreateDraft, prizes: PrizeDraft[]): string | null {
  if (open?.kind === 'create') {
    if (!draft.title.trim()) return 'Give the raffle a title.';
    if (!draft.closesAt || !Number.isFinite(fieldToMs(draft.closesAt))) return 'Choose when the raffle closes.';
  }
  if (open?.kind === 'create' || open?.kind === 'weekly') {
    const specs = prizeSpecs(prizes);
    if (typeof specs === 'string') return specs;
  }
  return null;
}

/** The raffles screen's one dialog: schedule, weekly settings, or a step (open, close, draw, cancel). */
export function RaffleDialog(props: {
  open: Open | null;
  dialogOpen: boolean;
  draft: CreateDraft;
  weekly: ConsoleRaffleWeekly | null;
  prizes: PrizeDraft[];
  templates: ConsoleTemplateChoice[];
  set: {
    draft(next: CreateDraft): void;
    weekly(next: ConsoleRaffleWeekly): void;
    prizes(next: PrizeDraft[]): void;
  };
  onStep(open: Extract<Open, { kind: 'step' }>, reason: string): Promise<void>;
  onSaved(sentence: string, raffleId?: number): Promise<void>;
  onClose(): void;
}) {
  const { open, draft, weekly, prizes, set } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const levers = useRaffleLevers();

  function validate(): boolean {
    const found = formProblem(open, draft, prizes);
    setProblem(found);
    return found === null;
  }

  async function confirm(reason: string) {
    if (!open) return;
    if (open.kind === 'step') return props.onStep(open, reason);
    const specs = prizeSpecs(prizes);
    if (typeof specs === 'string') return false;
    if (open.kind === 'create') {
      const created = await levers.create(
        {
          sTitle: draft.title.trim(),
          iOpensAt: draft.opensAt ? fieldToMs(draft.opensAt) : 0,
          iClosesAt: fieldToMs(draft.closesAt),
          aPrizes: specs,
        },
        reason,
      );
      return props.onSaved(`Raffle ${created.iRaffleID} "${draft.title.trim()}" is scheduled.`, created.iRaffleID);
    }
    if (weekly) {
      await levers.setWeekly(weekly, specs, reason);
      return props.onSaved('The weekly raffle settings are saved; the next automatic raffle uses them.');
    }
  }

  const description =
    open?.kind === 'step' ? (
      <p>{STEP_WORDS[open.step].about}</p>
    ) : open?.kind === 'weekly' ? (
      <p>Times are the day and time of the week in UTC, like "Mon 00:00 UTC". Changes apply to the next raffle.</p>
    ) : open?.kind === 'create' ? (
      <p>The raffle waits until it opens (the job opens it on time, or open it by hand).</p>
    ) : undefined;

  return (
    <ReasonDialog
      open={props.dialogOpen}
      title={title(open)}
      danger={open?.kind === 'step' && open.step === 'cancel'}
      confirmLabel={confirmLabel(open)}
      description={description}
      validate={validate}
      onClose={() => {
        setProblem(null);
        props.onClose();
      }}
      onConfirm={confirm}
    >
      {open?.kind === 'create' && <CreateFields draft={draft} onChange={set.draft} />}
      {open?.kind === 'weekly' && weekly && <WeeklyFields weekly={weekly} onChange={set.weekly} />}
      {(open?.kind === 'create' || open?.kind === 'weekly') && (
        <PrizeEditor prizes={prizes} templates={props.templates} onChange={set.prizes} />
      )}
      {problem && <Notice tone="danger">{problem}</Notice>}
    </ReasonDialog>
  );
}
