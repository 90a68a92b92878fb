import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorCode } from '../../../../protocol/errors';
import { ROUTES } from '../../../../protocol/routes';
import { tradeComposerPath } from '../../../../protocol/trading';
import { mediaUrl } from '../../../api/media';
import { useAuth } from '../../../lib/auth';
import { useFlags } from '../../../lib/flags';
import { useUserData } from '../../../lib/memberData';
import { usePageTitle } from '../../../lib/pageTitle';
import { formatCount } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { MessagePage } from '../../../ui/MessagePage';
import { getPublicProfile, profileKeys } from '../api/profiles';
import styles from './ProfileScreen.module.css';

/** /u/<username>: a member's public page (off by default): chosen collectibles, best scores, raffle wins. */
export default function ProfileScreen() {
  const flags = useFlags();
  const userName = useParams().userName ?? '';
  const signedIn = useAuth().status === 'signedIn';
  const member = useUserData();
  const myName = member.data?.registered ? member.data.pUserData.sUserName : '';
  const answer = useQuery({ queryKey: profileKeys.public(userName), queryFn: () => getPublicProfile(userName) });
  const profile = answer.data?.iErrorCode === ErrorCode.OK ? answer.data.pProfile : undefined;
  usePageTitle(profile ? profile.sUserName : answer.isPending ? null : 'Profile not found');

  if (answer.isPending) return <Loading />;
  if (!profile) {
    return (
      <MessagePage image="/lost.svg" title="This profile is not here.">
        <p>No public profile answers at this address: the member may have made it private.</p>
        <p>
          <Link to={signedIn ? ROUTES.home : ROUTES.root}>{signedIn ? 'Back to home' : 'Back to the portal'}</Link>
        </p>
      </MessagePage>
    );
  }

  return (
    <section className={styles.page}>
      <header className={styles.head}>
        {profile.sAvatar ? (
          <img className={styles.avatar} src={mediaUrl(profile.sAvatar)} alt="" width={96} height={96} />
        ) : (
          <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
            {profile.sUserName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className={styles.name}>{profile.sUserName}</h1>
          <p className={styles.sub}>A member of the Cthulhu Portal</p>
          {signedIn && flags.bTrading && myName.toLowerCase() !== profile.sUserName.toLowerCase() && (
            <p className={styles.tradeLinks}>
              <Link to={tradeComposerPath({ to: profile.sUserName })} className={styles.tradeLink}>
                Offer a trade
              </Link>
              <Link to={tradeComposerPath({ to: profile.sUserName, gift: true })} className={styles.tradeLink}>
                Send as a gift
              </Link>
            </p>
          )}
        </div>
      </header>

      <section aria-labelledby="profile-collectibles" className={styles.block}>
        <h2 id="profile-collectibles">Collectibles</h2>
        {profile.aItems.length === 0 ? (
          <p className={styles.empty}>Nothing on show yet.</p>
        ) : (
          <ul className={styles.items}>
            {profile.aItems.map((item) => (
              <li key={item.sItemID} className={styles.item}>
                <Link to={`${ROUTES.viewer}?sItemID=${encodeURIComponent(item.sItemID)}`} className={styles.itemLink}>
                  <img src={mediaUrl(item.sImage)} alt="" width={160} height={160} loading="lazy" />
                  <span className={styles.itemName}>{item.sName}</span>
                  {item.sRarity && <span className={styles.rarity}>{item.sRarity}</span>}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className={styles.columns}>
        <section aria-labelledby="profile-scores" className={styles.block}>
          <h2 id="profile-scores">Best scores</h2>
          {profile.aBestScores.length === 0 ? (
            <p className={styles.empty}>No verified wins yet.</p>
          ) : (
            <dl className={styles.facts}>
              {profile.aBestScores.map((score) => (
                <div key={score.sGameID}>
                  <dt>{score.sGameName}</dt>
                  <dd>{formatCount(score.iScore)}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
        <section aria-labelledby="profile-wins" className={styles.block}>
          <h2 id="profile-wins">Raffle wins</h2>
          {profile.aRaffleWins.length === 0 ? (
            <p className={styles.empty}>No raffle wins yet.</p>
          ) : (
            <ul className={styles.wins}>
              {profile.aRaffleWins.map((win, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list (one prize may be won twice in a raffle)
                <li key={`${win.sRaffleTitle}-${index}`}>
                  <strong>{win.sPrize}</strong> in {win.sRaffleTitle}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {!signedIn && (
        <p className={styles.cta}>
          <Link to={ROUTES.register} className={styles.join}>
            Join the club
          </Link>{' '}
          and get your free Agent.
        </p>
      )}
    </section>
  );
}
