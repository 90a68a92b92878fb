import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONSOLE_ROUTES } from '../../../../protocol/routes';
import type { ConsoleOverviewAnswer } from '../../../../protocol/status';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { useConsoleTitle } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { When } from '../../../ui/ConsoleTime';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import styles from './OverviewScreen.module.css';

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** One figure: its number, what it counts, a line of detail, and the screen it leads to. */
function Figure({
  name,
  value,
  to,
  link,
  tone,
  children,
}: {
  name: string;
  value: ReactNode;
  to: string;
  link: string;
  tone?: 'calm' | 'attention';
  children?: ReactNode;
}) {
  return (
    <li className={`${styles.figure} ${tone === 'attention' ? styles.attention : ''}`} data-figure={name}>
      <h2 className={styles.name}>{name}</h2>
      <p className={styles.value}>{value}</p>
      {children && <div className={styles.detail}>{children}</div>}
      <Link to={to} className={styles.link}>
        {link} <span aria-hidden="true">→</span>
      </Link>
    </li>
  );
}

function Figures({ data }: { data: ConsoleOverviewAnswer }) {
  const instances = data.pInstances;
  const healthy = instances.iTotal > 0 && instances.iWithErrors === 0 && instances.iDraining === 0;
  const raffle = data.pOpenRaffle;
  return (
    <ul className={styles.figures} aria-label="Today">
      <Figure name="Sign-ups today" value={formatCount(data.iSignUpsToday)} to={CONSOLE_ROUTES.status} link="Pulse">
        New members since <When ms={data.iDayStartsAt} />.
      </Figure>
      <Figure
        name="Active members today"
        value={formatCount(data.iActiveMembersToday)}
        to={CONSOLE_ROUTES.members}
        link="Find a member"
      >
        Members who earned, claimed or spent anything today.
      </Figure>
      <Figure
        name="Reports waiting"
        value={formatCount(data.iReportsWaiting)}
        to={CONSOLE_ROUTES.moderation}
        link="Moderation"
        tone={data.iReportsWaiting > 0 ? 'attention' : 'calm'}
      >
        {data.iReportsWaiting > 0 ? 'Reported chat messages no moderator has handled.' : 'Nothing to handle.'}
      </Figure>
      <Figure
        name="Scheduled announcements"
        value={formatCount(data.iAnnouncementsPending)}
        to={CONSOLE_ROUTES.announcements}
        link="Announcements"
      >
        Waiting for their time or being sent.
      </Figure>
      <Figure
        name="Raffles"
        value={raffle ? 'Open' : data.iRafflesHeldForReview > 0 ? 'In review' : 'None open'}
        to={CONSOLE_ROUTES.liveRaffles}
        link="Raffles"
        tone={data.iRafflesHeldForReview > 0 ? 'attention' : 'calm'}
      >
        {raffle && (
          <p>
            {raffle.sTitle}: closes <When ms={raffle.iClosesAt} />.
          </p>
        )}
        {data.iRafflesHeldForReview > 0 && (
          <p>{plural(data.iRafflesHeldForReview, 'raffle')} closed by hand, waiting for your review and draw.</p>
        )}
        {data.pNextRaffle ? (
          <p>
            Next: {data.pNextRaffle.sTitle}, opens <When ms={data.pNextRaffle.iOpensAt} />.
          </p>
        ) : (
          <p>No raffle scheduled.</p>
        )}
      </Figure>
      <Figure
        name="Instances"
        value={`${instances.iReady} of ${instances.iTotal} ready`}
        to={CONSOLE_ROUTES.status}
        link="Status"
        tone={healthy ? 'calm' : 'attention'}
      >
        {healthy
          ? 'Every instance is serving without errors.'
          : `${plural(instances.iWithErrors, 'instance')} with errors, ${formatCount(instances.iDraining)} draining.`}
      </Figure>
    </ul>
  );
}

/** The console's first screen (issue 38): today's figures, each leading to the screen that acts on it. */
export default function OverviewScreen() {
  useConsoleTitle('Overview');
  const overview = useQuery({
    queryKey: ['console', 'overview'],
    queryFn: ({ signal }) => consoleCall('consoleOverview', {}, signal),
    refetchInterval: 30_000,
  });
  return (
    <div className={shared.screen}>
      <PageHeader title="Overview" subtitle="Today at a glance; each figure leads to the screen that acts on it." />
      {overview.error && <Notice tone="danger">{(overview.error as ConsoleError).message}</Notice>}
      {overview.data ? (
        <Figures data={overview.data} />
      ) : (
        !overview.error && <p className={shared.muted}>Counting today…</p>
      )}
    </div>
  );
}
