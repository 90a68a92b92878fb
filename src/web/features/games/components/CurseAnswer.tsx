import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import { ROUTES } from '../../../../protocol/routes';
import { rememberRequestedPath } from '../../../lib/entry';
import { memberKeys } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form, type FormOutcome } from '../../../ui/Form';
import { Notice } from '../../../ui/Notice';
import { answerCurse, gamesKeys } from '../api/games';

/** A member answers the week's curse (one ticket, once a week); a visitor is invited to log in to claim. */
export function CurseAnswer({
  sWeek,
  solved,
  signedIn,
  tickets,
}: {
  sWeek: string;
  solved: boolean;
  signedIn: boolean;
  tickets: number;
}) {
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const reward = `${tickets} raffle ticket${tickets === 1 ? '' : 's'}`;

  if (!signedIn) {
    return (
      <Notice tone="info">
        Solved it?{' '}
        <Link to={ROUTES.login} onClick={() => rememberRequestedPath(ROUTES.curseBreaker)}>
          Log in
        </Link>{' '}
        to give your answer and claim {reward}.
      </Notice>
    );
  }
  if (solved) {
    return (
      <Notice tone="success">
        You broke this week’s curse: {reward} went to your ticket balance. Enter it in the raffle when you like. A new
        curse rises on Monday.
      </Notice>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!answer.trim()) {
      setOutcome({ tone: 'warning', text: 'Type the words you read first.' });
      return;
    }
    setBusy(true);
    const result = await answerCurse(sWeek, answer);
    setBusy(false);
    if (result?.iErrorCode === 0 || result?.iErrorCode === ErrorCode.ALREADY_DONE) {
      // the solved state, the ticket and its popup arrive with fresh data
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: gamesKeys.all }),
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      ]);
      return;
    }
    if (result?.iErrorCode === ErrorCode.CURSE_EXPIRED) {
      await queryClient.invalidateQueries({ queryKey: gamesKeys.all });
    }
    setOutcome({ tone: 'danger', text: result?.sMessage ?? errorMessage(result?.iErrorCode) });
  }

  return (
    <Form
      onSubmit={submit}
      outcome={outcome}
      actions={
        <Button type="submit" busy={busy}>
          Break the curse
        </Button>
      }
    >
      <Field
        label="Your answer"
        value={answer}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        hint={`The plain words. Spaces, case and punctuation do not matter. A right answer earns ${reward}, once a week.`}
        onChange={(e) => setAnswer(e.target.value)}
      />
    </Form>
  );
}
