import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CURSE_CIPHERS, type CurseCipher } from '../../../../protocol/curseBreaker';
import { type ConsoleCurseSolve, weekOf } from '../../../../protocol/games';
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
import styles from './CurseScreen.module.css';

const PAGE_SIZE = 25;
const WEEK_MS = 7 * 86_400_000;
/** ISO weeks run in UTC. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const CIPHER_WORDS: Record<CurseCipher, string> = {
  shift: 'each letter moved forward by the key (1–25; default 3)',
  mirror: 'A↔Z, B↔Y… (no key)',
  keyword: 'letters moved by a repeating keyword (default DAGON)',
};

const columns: ColumnDef<ConsoleCurseSolve, unknown>[] = [
  { id: 'member', header: 'Member', cell: ({ row }) => row.original.sUsername || <em>{row.original.sUserID}</em> },
  { id: 'at', header: 'Broken at', cell: ({ row }) => formatWhen(row.original.iSolvedAt) },
];

type Open = 'set' | 'clear' | null;

/** The curse-breaker (issue 29): a week's curse, who broke it, and setting or clearing it (`cursebreaker`). */
export default function CurseScreen() {
  useConsoleTitle('Curse-breaker');
  const canChange = useOperatorMay()('live:manage');
  const queries = useQueryClient();
  const thisWeek = weekOf(Date.now()).sWeek;
  const [week, setWeek] = useState(thisWeek);
  const [page, setPage] = useState(0);
  const curse = useQuery({
    queryKey: ['console', 'curse', week, page],
    queryFn: ({ signal }) => consoleCall('curseShow', { sWeek: week, iPage: page, iPageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [form, setForm] = useState({
    answer: '',
    cipher: 'shift' as CurseCipher,
    key: '',
    title: '',
    lore: '',
    hint: '',
  });
  const cipherId = useId();
  const loreId = useId();

  function goToWeek(startsAt: number) {
    setDone(null);
    setWeek(weekOf(startsAt).sWeek);
    setPage(0);
  }

  function show(next: Open) {
    setDone(null);
    if (next === 'set') setForm({ answer: '', cipher: 'shift', key: '', title: '', lore: '', hint: '' });
    setOpen(next);
    setDialogOpen(next !== null);
  }

  async function confirm(reason: string) {
    if (open === 'set') {
      const answer = await consoleCall('curseSet', {
        sWeek: week,
        sAnswer: form.answer,
        sCipher: form.cipher,
        sKey: form.key,
        sTitle: form.title,
        sLore: form.lore,
        sHint: form.hint,
        sReason: reason,
      });
      setDone(`The curse of ${week} is set: “${answer.pCurse.sTitle}”.`);
    } else if (open === 'clear') {
      await consoleCall('curseClear', { sWeek: week, sReason: reason });
      setDone(`The curse of ${week} is generated again.`);
    }
    await queries.invalidateQueries({ queryKey: ['console', 'curse', week] });
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
      <nav className={styles.weeks} aria-label="Weeks">
        <Button variant="ghost" disabled={!puzzle} onClick={() => puzzle && goToWeek(puzzle.iStartsAt - WEEK_MS)}>
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
        <Button variant="ghost" disabled={!puzzle} onClick={() => puzzle && goToWeek(puzzle.iStartsAt + WEEK_MS)}>
          Next week →
        </Button>
        {week !== thisWeek && (
          <Button variant="ghost" onClick={() => goToWeek(Date.now())}>
            This week
          </Button>
        )}
      </nav>
      {done && <Notice tone="success">{done}</Notice>}
      {curse.error && <Notice tone="danger">{(curse.error as ConsoleError).message}</Notice>}
      {puzzle && (
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
      )}
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
      <ReasonDialog
        open={dialogOpen}
        title={open === 'clear' ? `Back to the generated curse of ${week}` : `Set the curse of ${week}`}
        confirmLabel={open === 'clear' ? 'Clear' : 'Set curse'}
        danger={open === 'clear'}
        description={
          open === 'clear' ? (
            <p>Members see the week’s generated puzzle at once; those who broke this one keep their ticket.</p>
          ) : (
            <p>
              Members see the new puzzle at once. Empty title, lore or hint: the generated ones. Members who already
              broke this week’s curse keep their ticket.
            </p>
          )
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      >
        {open === 'set' && (
          <>
            <Field
              label="Answer"
              autoComplete="off"
              value={form.answer}
              hint="4 to 200 characters, at least 4 of them letters; compared by its letters only."
              onChange={(event) => setForm((f) => ({ ...f, answer: event.target.value }))}
            />
            <div className={styles.selectField}>
              <label htmlFor={cipherId}>Cipher</label>
              <select
                id={cipherId}
                className={styles.select}
                value={form.cipher}
                aria-describedby={`${cipherId}-hint`}
                onChange={(event) => setForm((f) => ({ ...f, cipher: event.target.value as CurseCipher }))}
              >
                {CURSE_CIPHERS.map((cipher) => (
                  <option key={cipher} value={cipher}>
                    {cipher}
                  </option>
                ))}
              </select>
              <span id={`${cipherId}-hint`} className={styles.muted}>
                {CIPHER_WORDS[form.cipher]}
              </span>
            </div>
            {form.cipher !== 'mirror' && (
              <Field
                label="Key"
                autoComplete="off"
                value={form.key}
                hint="Empty: the cipher’s default."
                onChange={(event) => setForm((f) => ({ ...f, key: event.target.value }))}
              />
            )}
            <Field
              label="Title"
              autoComplete="off"
              value={form.title}
              onChange={(event) => setForm((f) => ({ ...f, title: event.target.value }))}
            />
            <div className={styles.selectField}>
              <label htmlFor={loreId}>Lore</label>
              <textarea
                id={loreId}
                className={styles.textarea}
                rows={3}
                value={form.lore}
                onChange={(event) => setForm((f) => ({ ...f, lore: event.target.value }))}
              />
            </div>
            <Field
              label="Hint"
              autoComplete="off"
              value={form.hint}
              onChange={(event) => setForm((f) => ({ ...f, hint: event.target.value }))}
            />
          </>
        )}
      </ReasonDialog>
    </div>
  );
}
