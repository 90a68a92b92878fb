import { KeyRound } from 'lucide-react';
import { useAuth } from '../../../lib/auth';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useCurse } from '../api/games';
import { CipherWorkbench } from '../components/CipherWorkbench';
import styles from '../components/Curse.module.css';
import { CurseAnswer } from '../components/CurseAnswer';
import { timeLeft, weekLabel } from '../model/format';

/** /cursebreaker (docs/product.md §15): the week's cipher from the lore; members break it for a raffle ticket. */
export default function CurseBreakerScreen() {
  const auth = useAuth();
  const curse = useCurse();

  return (
    <section>
      <PageHeader
        title="Curse Breaker"
        subtitle="Every week a new curse is written in the lore of the deep. Read it, and lift it."
      />
      {curse.isPending ? (
        <Loading label="Unrolling this week’s curse…" />
      ) : curse.isError ? (
        <Notice tone="warning">The curse could not be fetched. Please try again later.</Notice>
      ) : (
        <div className={styles.layout}>
          <article className={styles.scroll} aria-labelledby="curse-title">
            <p className={styles.week}>
              <KeyRound size={16} aria-hidden="true" /> {weekLabel(curse.data.pPuzzle.sWeek)} ·{' '}
              <span className="tabular">{timeLeft(curse.data.pPuzzle.iEndsAt, Date.now())}</span>
            </p>
            <h2 id="curse-title">{curse.data.pPuzzle.sTitle}</h2>
            <p className={styles.lore}>{curse.data.pPuzzle.sLore}</p>
            <p className={styles.cipher}>
              <span className="visually-hidden">The curse: </span>
              {curse.data.pPuzzle.sCipherText}
            </p>
            <p className={styles.hint}>
              <strong>Hint.</strong> {curse.data.pPuzzle.sHint}
            </p>
          </article>
          <CipherWorkbench cipherText={curse.data.pPuzzle.sCipherText} />
          <div className={styles.answer}>
            <CurseAnswer
              sWeek={curse.data.pPuzzle.sWeek}
              solved={curse.data.bSolved}
              signedIn={auth.status === 'signedIn'}
              tickets={curse.data.iTickets}
            />
          </div>
        </div>
      )}
    </section>
  );
}
