import { Link } from 'react-router';
import { CURSE_TICKETS } from '../../../../protocol/games';
import { ROUTES } from '../../../../protocol/routes';
import { PageHeader } from '../../../ui/PageHeader';
import { useSupportEmail } from '../api/support';
import styles from './InstructionsScreen.module.css';

const SECTIONS = [
  ['earn', 'Points and tickets'],
  ['raffle', 'The weekly raffle'],
  ['game', 'Monster Breaker controls'],
  ['chat', 'Chat rules'],
  ['security', 'Your account'],
  ['contact', 'Contact'],
] as const;

/**
 * /instructions: the portal's help. Plain JSX, not markdown: it renders with the page (no late
 * chunk that would push the footer), and nothing on it is styled like a link unless it is one.
 */
export default function InstructionsScreen() {
  const support = useSupportEmail();
  return (
    <article className={styles.help}>
      <PageHeader
        title="How the portal works"
        subtitle="Everything a member does here, and where to ask when something is unclear."
      />
      <nav aria-label="On this page" className={styles.toc}>
        <ul>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="earn">
        <h2 id="earn">Points and tickets</h2>
        <p>
          Points buy things in the <Link to={ROUTES.rewardStore}>Reward Store</Link>; raffle tickets are your entries in
          the <Link to={ROUTES.raffle}>weekly raffle</Link>. Your balance of both is always in the navigation bar.
        </p>
        <ul>
          <li>Joining: a free Agent, a Mythopedia page and a raffle ticket once your email is verified.</li>
          <li>
            Every day: the first visit of each day gives the daily login reward. It grows over a 7-day cycle, then
            starts again; your first week pays a little less.
          </li>
          <li>
            Friends: share your referral link from <Link to={ROUTES.account}>Account</Link> (or a collectible's share
            link). A friend who registers with it gets a raffle ticket, and so do you.
          </li>
          <li>
            Games: beat the <Link to={ROUTES.games}>Monster Breaker</Link> M1 Demo for a free Agent (once), and each
            week break the <Link to={ROUTES.curseBreaker}>curse</Link> for {CURSE_TICKETS} raffle ticket.
          </li>
          <li>The raffle itself: prizes are collectibles, points or ticket bundles.</li>
          <li>
            The Reward Store sells collectibles, ticket bundles and raffle entries for points. Each item shows its
            price, the stock left and how many you may still buy; a confirmation shows your balance after.
          </li>
        </ul>
      </section>

      <section aria-labelledby="raffle">
        <h2 id="raffle">The weekly raffle, and how to check the draw</h2>
        <p>
          One raffle runs each week. Enter as many of your tickets as you like while it is open; every ticket is one
          chance. Winners are told with a popup and find their prize in their inventory or balance.
        </p>
        <p>Nobody, not even the operators, can choose the winners, and you can check that:</p>
        <ol>
          <li>When the raffle opens, the portal publishes a commitment: the SHA-256 hash of a secret seed.</li>
          <li>
            When entries close, it publishes the list of entries and its Merkle root, so the list cannot change
            afterwards.
          </li>
          <li>
            At the draw it reveals the seed. Winners follow from the seed and the entries alone, weighted by tickets.
          </li>
        </ol>
        <p>
          The <Link to={ROUTES.raffleViewer}>draw viewer</Link> replays any past draw in your browser: it checks the
          seed against its commitment, the entries against the root, and picks the winners again. The exact method is
          published as a specification (docs/raffle-draw.md) with test vectors, so anyone can write their own checker.
        </p>
      </section>

      <section aria-labelledby="game">
        <h2 id="game">Monster Breaker controls</h2>
        <dl className={styles.keys}>
          <dt>
            <kbd>←</kbd> <kbd>→</kbd> or <kbd>A</kbd> <kbd>D</kbd>
          </dt>
          <dd>Move the paddle. A mouse or a finger drags it too.</dd>
          <dt>
            <kbd>Space</kbd>, a click or a tap
          </dt>
          <dd>Launch the ball.</dd>
          <dt>
            <kbd>P</kbd> or <kbd>Esc</kbd>
          </dt>
          <dd>Pause and resume.</dd>
        </dl>
        <p>
          Catch what the monsters drop: a wider paddle, more balls, slow time, a ward, a life. Every win is replayed on
          our server before it counts, so the weekly leaderboard is honest. You can play signed out as a guest and keep
          your win by registering.
        </p>
      </section>

      <section aria-labelledby="chat">
        <h2 id="chat">Chat rules</h2>
        <ul>
          <li>Be kind. No insults, harassment, hate or threats.</li>
          <li>No spam, scams or advertising, and never ask anyone for a password or a wallet phrase.</li>
          <li>Keep it safe for everyone from 13 up.</li>
          <li>
            Report a message from its menu: operators see the report. They may delete messages and mute members for a
            while, and you are told why and until when.
          </li>
          <li>
            Messages are up to 1,000 characters; you can edit or delete your own for 5 minutes. Fast posting slows down
            for a moment when a channel is busy.
          </li>
        </ul>
      </section>

      <section aria-labelledby="security">
        <h2 id="security">Your account</h2>
        <ul>
          <li>Use a password you use nowhere else. We never ask for it by email or in chat.</li>
          <li>
            Change it on <Link to={ROUTES.account}>Account</Link>; we email you when it changes, and every other device
            is signed out. Forgot it? <Link to={ROUTES.forgotPassword}>Reset it by email</Link>.
          </li>
          <li>
            Account also signs you out everywhere at once, and changes your email (after confirming the new address).
          </li>
        </ul>
      </section>

      <section aria-labelledby="contact">
        <h2 id="contact">Contact</h2>
        <p className={styles.contact}>
          Questions, a problem with a reward, or a security concern? Write to{' '}
          {support ? <a href={`mailto:${support}`}>{support}</a> : <span className="muted">our support address</span>}.
        </p>
      </section>
    </article>
  );
}
