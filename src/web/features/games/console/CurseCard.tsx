import type { ConsoleCurse } from '../../../../protocol/games';
import { Button } from '../../../ui/Button';
import styles from './CurseScreen.module.css';

const WEEK_MS = 7 * 86_400_000;
/** ISO weeks run in UTC. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Puzzle = ConsoleCurse;

/** The week shown, its dates, and the way to the weeks around it. */
export function WeekNav({
  week,
  thisWeek,
  puzzle,
  onWeek,
}: {
  week: string;
  thisWeek: string;
  puzzle?: Puzzle;
  onWeek: (startsAt: number) => void;
}) {
  return (
    <nav className={styles.weeks} aria-label="Weeks">
      <Button variant="ghost" disabled={!puzzle} onClick={() => puzzle && onWeek(puzzle.iStartsAt - WEEK_MS)}>
        ← Previous week
      </Button>
      <p className={styles.week} aria-live="polite">
        <strong>{week}</strong>
        {week === thisWeek && ' (this week)'}
        {puzzle && (
          <span className={styles.muted}>
            {' '}
            {utcDay(puzzle.iStartsAt)} to {utcDay(puzzle.iEndsAt - 1)} (UTC)
          </span>
        )}
      </p>
      <Button variant="ghost" disabled={!puzzle} onClick={() => puzzle && onWeek(puzzle.iStartsAt + WEEK_MS)}>
        Next week →
      </Button>
      {week !== thisWeek && (
        <Button variant="ghost" onClick={() => onWeek(Date.now())}>
          This week
        </Button>
      )}
    </nav>
  );
}

/** The week's puzzle as the operator reads it: its words, its cipher, what members read and the answer. */
export function CurseCard({ puzzle }: { puzzle: Puzzle }) {
  return (
    <section className={styles.card} aria-labelledby="curse-title">
      <h2 id="curse-title">{puzzle.sTitle}</h2>
      <p className={puzzle.sSource === 'operator' ? styles.set : styles.generated}>
        {puzzle.sSource === 'operator' ? 'Set by an operator' : 'Generated from the week’s name'}
      </p>
      <dl className={styles.facts}>
        <dt>Lore</dt>
        <dd>{puzzle.sLore}</dd>
        <dt>Cipher</dt>
        <dd>
          {puzzle.sCipher}
          {puzzle.sKey && <> (key {puzzle.sKey})</>}
        </dd>
        <dt>Hint</dt>
        <dd>{puzzle.sHint}</dd>
        <dt>Members read</dt>
        <dd>
          <code>{puzzle.sCipherText}</code>
        </dd>
        <dt>Answer</dt>
        <dd>
          <code>{puzzle.sAnswer}</code>
        </dd>
      </dl>
    </section>
  );
}
