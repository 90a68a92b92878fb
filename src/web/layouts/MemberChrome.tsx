import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { AGENT_TEMPLATE_ID } from '../../protocol/identity';
import { ROUTES } from '../../protocol/routes';
import { mediaUrl } from '../api/media';
import { useAfterPaint } from '../lib/afterPaint';
import { signOut } from '../lib/authSession';
import { useFlags } from '../lib/flags';
import { useUserData } from '../lib/memberData';
import Navbar from '../ui/navbar/Navbar';

// The reward popups (and the daily strip) load after the page: not part of the entry bundle.
const RewardPopups = lazy(() => import('../features/rewards/components/RewardPopups'));
/** Signed in during a deletion's grace period: offers to keep the account (issue 30). */
const DeletionPending = lazy(() => import('../features/identity/components/data/DeletionPendingDialog'));

// wagmi + viem: their own chunk, requested only when bWallet is on, so members without
// the wallet never download them (docs/product.md §16).
const WalletSlot = lazy(() => import('../features/wallet/components/WalletSlot'));

// The bell and the chat button (issue 28): their own small chunk, with a same-size placeholder.
const MemberAlerts = lazy(() => import('../features/notifications/components/MemberAlerts'));

/** The member's navigation bar (in the layouts' chunk, not the entry); Log Out signs out and goes to /login. */
export function MemberNavbar() {
  const flags = useFlags();
  const navigate = useNavigate();
  const member = useUserData();
  const profile = member.data?.registered ? member.data.pUserData : null;
  // The bell's chunk and its socket after the page's first paint with the member's data (issue 40).
  const painted = useAfterPaint(profile !== null);
  const alertsSpace = <span style={{ width: flags.bChat ? 88 : 40, height: 40 }} />;
  const logout = () => {
    signOut().then(() => navigate(ROUTES.login, { replace: true }));
  };
  return (
    <Navbar
      onLogout={logout}
      agentTemplateId={AGENT_TEMPLATE_ID}
      balances={profile ? { points: profile.iPoints, tickets: profile.iRaffleTickets } : undefined}
      avatar={profile ? { image: mediaUrl(profile.sAvatar), name: profile.sUserName } : undefined}
      alerts={
        profile ? (
          painted ? (
            <Suspense fallback={alertsSpace}>
              <MemberAlerts />
            </Suspense>
          ) : (
            alertsSpace
          )
        ) : undefined
      }
      walletSlot={
        flags.bWallet ? (
          <Suspense fallback={null}>
            <WalletSlot />
          </Suspense>
        ) : undefined
      }
    />
  );
}

/**
 * The member's pending reward popups (docs/product.md §4), wherever a member is: their code loads
 * once the page has painted with the member's data (a popup opens over the page, never before it).
 */
export function MemberPopups() {
  const member = useUserData();
  const painted = useAfterPaint(!member.isPending);
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <RewardPopups />
      <DeletionPending />
    </Suspense>
  );
}
