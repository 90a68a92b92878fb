import { Gamepad2, Package, Store, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_AGENTS } from '../../../../protocol/collectibles';
import { AGENT_TEMPLATE_ID } from '../../../../protocol/identity';
import type { DailyRewardDay } from '../../../../protocol/rewards';
import { ROUTES } from '../../../../protocol/routes';
import { queryClient } from '../../../api/queryClient';
import { getAuthState } from '../../../lib/auth';
import { useUserData } from '../../../lib/memberData';
import { Card } from '../../../ui/Card';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { CardSkeletons } from '../../../ui/Skeleton';
import { collectionFirstQueryOptions, useCollectionFirst } from '../../collectibles/api/collectibles';
import { CollectibleCard } from '../../collectibles/components/CollectibleCard';
import { DailyRewardInfo, DailyRewardStrip } from '../../rewards/components/DailyRewardStrip';
import { buildPopupQueue } from '../../rewards/model/popupQueue';
import styles from './HomeScreen.module.css';

const ONWARD = [
  { to: ROUTES.inventory, label: 'Inventory', text: 'Everything you hold', icon: Package },
  { to: ROUTES.games, label: 'Games', text: 'Monster Breaker', icon: Gamepad2 },
  { to: ROUTES.raffle, label: 'Raffle', text: 'The weekly draw', icon: Ticket },
  { to: ROUTES.rewardStore, label: 'Reward Store', text: 'Spend your points', icon: Store },
];

/**
 * The route's loader (lib/lazyScreen): the Agents are asked for as the route is entered, beside the
 * member's data, not once that has come (the screen shows only then); on a member's page load the
 * query is under way already (../pageLoad.ts declares it). Never on the server (scripts/prerender.ts).
 */
export function loader(): null {
  if (typeof window !== 'undefined' && getAuthState().token) {
    void queryClient.prefetchQuery(collectionFirstQueryOptions(AGENT_TEMPLATE_ID, HOME_AGENTS));
  }
  return null;
}

/** /home: the member's dashboard. */
export default function HomeScreen() {
  const member = useUserData();
  // The first few only (getCollection pages): a member holding thousands does not download them all here.
  const agents = useCollectionFirst(AGENT_TEMPLATE_ID, HOME_AGENTS);
  if (!member.data?.registered) return <Loading />;
  const { pUserData, pGameVars } = member.data;
  const rewards = (pGameVars.aDailyRewards as DailyRewardDay[] | undefined) ?? [];
  const reduced = pGameVars.aNewUserDailyRewards as DailyRewardDay[] | undefined;
  // The welcome popups reveal new collectibles first: the dashboard does not spoil them behind the popup.
  const unrevealed = buildPopupQueue(pUserData).some(
    (popup) => popup.kind === 'collectible' || (popup.kind === 'reward' && popup.notice.pItem),
  );

  return (
    <section>
      <PageHeader title={`Welcome, ${pUserData.sUserName}`} subtitle="The stars are right. Your club awaits." />
      <div className={styles.balances}>
        <Card>
          <span className={styles.label}>Points</span>
          <span className={styles.amount}>{pUserData.iPoints}</span>
        </Card>
        <Card>
          <span className={styles.label}>Raffle tickets</span>
          <span className={styles.amount}>{pUserData.iRaffleTickets}</span>
        </Card>
      </div>

      {rewards.length === 7 && (
        <section className={styles.section} aria-labelledby="daily">
          <h2 id="daily">Daily login reward</h2>
          <p className="muted">
            {pUserData.iDailyRewardDay > 0
              ? `Today is day ${pUserData.iDailyRewardDay} of 7. Log in every day to climb the cycle.`
              : 'Log in every day to climb the seven-day cycle.'}
          </p>
          <DailyRewardStrip
            rewards={rewards}
            reduced={reduced}
            firstCycle={pUserData.bFirstCycle}
            today={pUserData.iDailyRewardDay}
          />
          <DailyRewardInfo
            offsetMinutes={Number(pGameVars.iDailyResetOffsetMinutes) || 0}
            firstCycle={pUserData.bFirstCycle}
            hasReducedDays={Boolean(reduced?.some((day, i) => day.iPoints !== rewards[i]?.iPoints))}
          />
        </section>
      )}

      <section className={styles.section} aria-labelledby="agents">
        <h2 id="agents">
          Your Agents{' '}
          <Link className={styles.more} to={`${ROUTES.collectibles}?sCollectionID=${AGENT_TEMPLATE_ID}`}>
            See all
          </Link>
        </h2>
        {unrevealed ? (
          <p className="muted" data-testid="unrevealed">
            Something stirs in the deep… open your gifts first.
          </p>
        ) : agents.isPending ? (
          <CardSkeletons count={4} />
        ) : agents.data?.aItems.length ? (
          <div className="grid">
            {/* The first art is the one the page load preloads; the others load after it, lazily (issue 40). */}
            {agents.data.aItems.slice(0, HOME_AGENTS).map((item, i) => (
              <CollectibleCard
                key={item.sItemID}
                item={item}
                to={`${ROUTES.item}?sItemID=${item.sItemID}`}
                eager={i === 0}
              />
            ))}
          </div>
        ) : (
          <p className="muted">No Agents yet. Beat the M1 Demo to earn one.</p>
        )}
      </section>

      <nav className={styles.onward} aria-label="Onward">
        {ONWARD.map(({ to, label, text, icon: Icon }) => (
          <Link key={to} to={to} className={styles.tile}>
            <Icon size={22} aria-hidden="true" />
            <span className={styles.tileLabel}>{label}</span>
            <span className={styles.tileText}>{text}</span>
          </Link>
        ))}
      </nav>
    </section>
  );
}
