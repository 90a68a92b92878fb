import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Collectible, itemRarity } from '../../../../protocol/collectibles';
import type { DailyRewardDay } from '../../../../protocol/rewards';
import { ROUTES } from '../../../../protocol/routes';
import { mediaUrl } from '../../../api/media';
import { DIALOG_CLOSE_MS } from '../../../config';
import { memberKeys, useUserData } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { RarityChip } from '../../../ui/RarityChip';
import { ackAnnouncement } from '../../announcements/api/announcements';
import { AnnouncementPopupBody } from '../../announcements/components/AnnouncementPopupBody';
import { ackNotices } from '../api/rewards';
import { ackCursorOf, buildPopupQueue, noticeKindsOfPopup, type Popup } from '../model/popupQueue';
import { DailyRewardStrip } from './DailyRewardStrip';
import styles from './RewardPopups.module.css';

/** The item's art, large, revealed with a short animation (none with reduced motion), and its rarity. */
function Reveal({ item }: { item: Collectible }) {
  const rarity = itemRarity(item);
  return (
    <figure className={styles.reveal} data-testid="reveal">
      <span className={styles.glow} aria-hidden="true" />
      <img className={styles.art} src={mediaUrl(item.publicMetadata.image)} alt={item.publicMetadata.name} />
      <figcaption className={styles.rarity}>
        <RarityChip tier={rarity.tier} size="large" />
      </figcaption>
    </figure>
  );
}

/** Shares the public page of an item: the system share sheet, else the link copied. */
async function shareItem(item: Collectible): Promise<'shared' | 'copied' | 'failed'> {
  const url = `${window.location.origin}${ROUTES.viewer}?sItemID=${encodeURIComponent(item.sItemID)}`;
  const title = `${item.publicMetadata.name} · Cthulhu Portal`;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, url });
      return 'shared';
    }
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

function PopupBody({
  popup,
  rewards,
  reduced,
  firstCycle,
}: {
  popup: Popup;
  rewards: DailyRewardDay[];
  reduced?: DailyRewardDay[];
  firstCycle: boolean;
}) {
  switch (popup.kind) {
    case 'collectible':
      return (
        <div className={styles.reward}>
          <Reveal item={popup.item} />
          <p className={styles.message}>{popup.message}</p>
          <p className={styles.name}>{popup.item.publicMetadata.name}</p>
        </div>
      );
    case 'tickets':
      return (
        <div className={styles.reward}>
          <p className={styles.big}>
            <span className="tabular">{popup.total}</span> raffle ticket{popup.total === 1 ? '' : 's'}
          </p>
          <ul className={styles.lines}>
            {popup.newUser > 0 && <li>{popup.newUser} for joining as a new member</li>}
            {popup.referral > 0 && <li>{popup.referral} for a referral</li>}
          </ul>
          <p className="muted">Enter them in the weekly raffle.</p>
        </div>
      );
    case 'referral':
      return <p className={styles.message}>{popup.message}</p>;
    case 'daily':
      return (
        <div className={styles.reward}>
          <p className={styles.big}>
            Day {popup.day}: <span className="tabular">+{popup.points}</span> points
            {popup.tickets > 0 && (
              <>
                {' '}
                and <span className="tabular">+{popup.tickets}</span> ticket{popup.tickets > 1 ? 's' : ''}
              </>
            )}
          </p>
          {rewards.length === 7 && (
            <DailyRewardStrip rewards={rewards} reduced={reduced} firstCycle={firstCycle} today={popup.day} />
          )}
          <p className="muted">Come back tomorrow for the next day's reward.</p>
        </div>
      );
    case 'reward': {
      const { pItem, sMessage, iPoints, iTickets } = popup.notice;
      return (
        <div className={styles.reward}>
          {pItem && <Reveal item={pItem} />}
          <p className={styles.message}>{sMessage}</p>
          {pItem && <p className={styles.name}>{pItem.publicMetadata.name}</p>}
          {(iPoints > 0 || iTickets > 0) && (
            <p className={styles.big}>
              {iPoints > 0 && <span className="tabular">+{iPoints} points</span>}
              {iPoints > 0 && iTickets > 0 && ' and '}
              {iTickets > 0 && (
                <span className="tabular">
                  +{iTickets} ticket{iTickets === 1 ? '' : 's'}
                </span>
              )}
            </p>
          )}
        </div>
      );
    }
    case 'announcement':
      return <AnnouncementPopupBody announcement={popup.announcement} />;
  }
}

const TITLES: Record<Popup['kind'], string> = {
  collectible: 'A gift from the deep',
  tickets: 'Raffle tickets',
  referral: 'Referral code',
  daily: 'Daily login reward',
  reward: 'A reward',
  announcement: 'An announcement',
};

/**
 * docs/product.md §4: after login the pending reward notices show one at a time in the spec's order; closing
 * one acknowledges it on the server (so it never shows again, on any device) and shows the next.
 */
export default function RewardPopups() {
  const member = useUserData();
  const queryClient = useQueryClient();
  const data = member.data?.registered ? member.data : null;
  const cursor = data?.pUserData.iNoticeCursor ?? 0;
  const announced = (data?.pUserData.aAnnouncements ?? []).map((a) => a.iAnnouncementID).join(',');
  // The queue is taken once per notice cursor (and set of announcements), so refetches while it
  // shows do not reshuffle it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the cursor on purpose
  const queue = useMemo(() => (data ? buildPopupQueue(data.pUserData) : []), [cursor, announced, Boolean(data)]);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(true);
  const [shared, setShared] = useState<string | null>(null);
  const navigate = useNavigate();
  // A new queue (new notices arrived) starts from its first popup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the queue changes
  useEffect(() => {
    setIndex(0);
    setOpen(true);
  }, [queue]);

  const popup = queue[index];
  // Settled: the member's data is an answer of this page (not one on its way) and the queue was taken
  // from it. A browser flow waits for "none" before it says "no popup" (tests/e2e/support.ts, decision 0222).
  const settled =
    data && !member.isFetching ? (
      <span hidden data-reward-popups={popup ? 'showing' : 'none'} data-updated-at={member.dataUpdatedAt} />
    ) : null;
  if (!data || !popup) return settled;
  const rewards = (data.pGameVars.aDailyRewards as DailyRewardDay[] | undefined) ?? [];
  const reduced = data.pGameVars.aNewUserDailyRewards as DailyRewardDay[] | undefined;

  const close = () => {
    setOpen(false);
    const ack =
      popup.kind === 'announcement'
        ? ackAnnouncement(popup.announcement.iAnnouncementID)
        : ackNotices(noticeKindsOfPopup(popup), ackCursorOf(popup, cursor));
    ack.finally(() => {
      if (index === queue.length - 1) queryClient.invalidateQueries({ queryKey: memberKeys.all });
    });
    setTimeout(() => {
      setIndex((i) => i + 1);
      setShared(null);
      setOpen(true);
    }, DIALOG_CLOSE_MS);
  };
  const item = popup.kind === 'collectible' ? popup.item : popup.kind === 'reward' ? popup.notice.pItem : null;
  const view = (target: Collectible) => {
    close();
    navigate(`${ROUTES.item}?sItemID=${encodeURIComponent(target.sItemID)}`);
  };
  const share = async (target: Collectible) => {
    const outcome = await shareItem(target);
    setShared(
      outcome === 'copied'
        ? 'Link copied'
        : outcome === 'shared'
          ? 'Shared'
          : 'Could not share: copy the link from the item page',
    );
  };

  return (
    <>
      {settled}
      <Dialog
        open={open}
        onClose={close}
        title={
          popup.kind === 'reward'
            ? popup.notice.sTitle || TITLES.reward
            : popup.kind === 'announcement'
              ? popup.announcement.sTitle || TITLES.announcement
              : TITLES[popup.kind]
        }
        footer={
          <>
            {item && (
              <>
                <span className={styles.sharedNote} role="status">
                  {shared}
                </span>
                <Button variant="secondary" onClick={() => share(item)}>
                  Share
                </Button>
                <Button variant="secondary" onClick={() => view(item)}>
                  View
                </Button>
              </>
            )}
            <Button onClick={close}>{index < queue.length - 1 ? 'Next' : 'Continue'}</Button>
          </>
        }
      >
        <PopupBody popup={popup} rewards={rewards} reduced={reduced} firstCycle={data.pUserData.bFirstCycle} />
      </Dialog>
    </>
  );
}
