import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AGENT_TEMPLATE_ID, type Collectible } from '../../../../protocol/collectibles';
import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import { PROFILE_SHOWCASE_MAX, profilePath } from '../../../../protocol/profiles';
import { mediaUrl } from '../../../api/media';
import { memberKeys, useUserData } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Notice } from '../../../ui/Notice';
import { getMyItems, getMyProfile, profileKeys, setAvatar, setProfile } from '../api/profiles';
import styles from './ProfileCard.module.css';

interface Draft {
  avatar: string;
  isPublic: boolean;
  showcase: string[];
}

/** /account: the avatar (one of the member's Agents) and the public profile page, off by default. */
export default function ProfileCard() {
  const member = useUserData();
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: profileKeys.mine, queryFn: getMyProfile });
  const items = useQuery({ queryKey: [...profileKeys.mine, 'items'], queryFn: getMyItems });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const avatarName = useId();

  const user = member.data?.registered ? member.data.pUserData : null;
  const profile = mine.data?.iErrorCode === ErrorCode.OK ? mine.data : null;
  const collections = items.data?.iErrorCode === ErrorCode.OK ? items.data.aCollections : null;
  const owned: Collectible[] = collections?.flatMap((c) => c.aItems) ?? [];
  const agents = owned.filter((item) => item.sCollectionID === AGENT_TEMPLATE_ID);
  const saved: Draft | null =
    user && profile
      ? { avatar: user.sAvatarItemID ?? '', isPublic: profile.bPublic, showcase: profile.aShowcaseItemIDs }
      : null;
  const current = draft ?? saved;

  if (!user || !current) {
    return (
      <Card className={styles.card}>
        <h2>Avatar and public profile</h2>
        <p className={styles.intro}>{mine.isError || items.isError ? 'Could not load your profile.' : 'Loading…'}</p>
      </Card>
    );
  }

  const change = (next: Partial<Draft>) => {
    setStatus(null);
    setDraft({ ...current, ...next });
  };
  const toggleShown = (id: string, on: boolean) =>
    change({ showcase: on ? [...current.showcase, id] : current.showcase.filter((shown) => shown !== id) });
  const full = current.showcase.length >= PROFILE_SHOWCASE_MAX;

  async function save() {
    if (!current) return;
    setBusy(true);
    setStatus(null);
    const avatar = await setAvatar(current.avatar);
    const settings =
      avatar?.iErrorCode === ErrorCode.OK ? await setProfile(current.isPublic, current.showcase) : avatar;
    setBusy(false);
    if (settings?.iErrorCode !== ErrorCode.OK) {
      setStatus({ tone: 'danger', text: errorMessage(settings?.iErrorCode) });
      return;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: profileKeys.mine }),
    ]);
    setDraft(null);
    setStatus({ tone: 'success', text: 'Profile saved.' });
  }

  return (
    <Card className={styles.card}>
      <h2>Avatar and public profile</h2>
      <fieldset className={styles.group}>
        <legend>Avatar</legend>
        <p className={styles.hint}>Shown in chat, in the header and on the leaderboard.</p>
        <div className={styles.choices}>
          <label className={styles.choice}>
            <input
              type="radio"
              name={avatarName}
              checked={current.avatar === ''}
              onChange={() => change({ avatar: '' })}
            />
            <span className={styles.defaultArt} aria-hidden="true">
              {user.sUserName.slice(0, 1).toUpperCase()}
            </span>
            <span className={styles.label}>Default</span>
          </label>
          {agents.map((agent) => (
            <label key={agent.sItemID} className={styles.choice}>
              <input
                type="radio"
                name={avatarName}
                value={agent.sItemID}
                checked={current.avatar === agent.sItemID}
                onChange={() => change({ avatar: agent.sItemID })}
              />
              <img src={mediaUrl(agent.publicMetadata.image)} alt="" width={56} height={56} loading="lazy" />
              <span className={styles.label}>{agent.publicMetadata.name}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <label className={styles.toggle}>
        <input type="checkbox" checked={current.isPublic} onChange={(e) => change({ isPublic: e.target.checked })} />
        <span>
          Public profile page (anyone with the link sees your chosen collectibles, best scores and raffle wins)
        </span>
      </label>

      <fieldset className={styles.group}>
        <legend>Collectibles on your profile</legend>
        <p className={styles.hint} aria-live="polite">
          {current.showcase.length} of {PROFILE_SHOWCASE_MAX} chosen.
        </p>
        {owned.length === 0 ? (
          <p className={styles.hint}>You hold no collectibles yet.</p>
        ) : (
          <div className={styles.choices}>
            {owned.map((item) => {
              const shown = current.showcase.includes(item.sItemID);
              return (
                <label key={item.sItemID} className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={shown}
                    disabled={!shown && full}
                    onChange={(e) => toggleShown(item.sItemID, e.target.checked)}
                  />
                  <img src={mediaUrl(item.publicMetadata.image)} alt="" width={56} height={56} loading="lazy" />
                  <span className={styles.label}>{item.publicMetadata.name}</span>
                </label>
              );
            })}
          </div>
        )}
      </fieldset>

      {status && <Notice tone={status.tone}>{status.text}</Notice>}
      <div className={styles.actions}>
        <Button onClick={save} busy={busy} disabled={draft === null}>
          Save profile
        </Button>
        {saved?.isPublic && (
          <Link to={profilePath(user.sUserName)} className={styles.view}>
            <ExternalLink size={16} aria-hidden="true" />
            View your public page
          </Link>
        )}
      </div>
    </Card>
  );
}
