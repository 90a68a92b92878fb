import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MEMBER_TABS } from '../../../../protocol/console';
import { CONSOLE_ROUTES } from '../../../../protocol/routes';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { MemberTradesPanel } from '../../trading/console/MemberTradesPanel';
import { useMemberLever, useMemberProfile } from './api';
import type { GrantPreset } from './GrantDialog';
import { MemberLevers } from './MemberLevers';
import styles from './MembersScreen.module.css';
import { AuditPanel, ListPanel, ProfilePanel, TAB_LABELS } from './MemberTabPanels';
import { Tabs } from './MemberTabs';
import type { ListTab, TabRow } from './tabColumns';

type PageTab = ListTab | 'profile' | 'trades' | 'audit';
const TABS = [...MEMBER_TABS, 'trades' as const, 'audit' as const].map((id) => ({ id, label: TAB_LABELS[id] }));
const isTab = (value: string | null): value is PageTab => TABS.some((tab) => tab.id === value);

/** One member, everything about them in tabs, and the levers an operator may pull (issue 27). */
export default function MemberScreen() {
  const memberId = useParams().memberId ?? '';
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: PageTab = isTab(requested) ? requested : 'profile';
  const may = useOperatorMay();
  const profile = useMemberProfile(memberId);
  const member = profile.data?.pProfile;
  const [said, setSaid] = useState('');
  const [grant, setGrant] = useState<GrantPreset | null>(null);
  const [session, setSession] = useState<TabRow | null>(null);
  const revoke = useMemberLever(memberId, 'memberSessionsRevoke');
  useConsoleTitle(member ? member.sUsername || member.sEmail : 'Member');

  const select = (next: PageTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'profile') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  if (profile.isPending) return <Loading />;
  if (profile.isError || !member)
    return (
      <div className={styles.screen}>
        <Link to={CONSOLE_ROUTES.members}>← Members</Link>
        <Notice tone="danger">{profile.error?.message ?? 'No such member.'}</Notice>
      </div>
    );

  const levers = {
    revokeSession: may('member:sessions') ? setSession : undefined,
    takeBackItem: may('member:grant')
      ? (row: TabRow) =>
          setGrant({
            direction: 'take',
            asset: 'item',
            itemId: String(row.sItemID),
            itemName: String(row.sName || row.sItemID),
          })
      : undefined,
  };

  return (
    <div className={styles.screen}>
      <Link to={CONSOLE_ROUTES.members} className={styles.back}>
        ← Members
      </Link>
      <header className={styles.memberHeader}>
        <div className={styles.identity}>
          <h1 className={styles.title}>{member.sUsername || '(no username yet)'}</h1>
          <p className={styles.email}>{member.sEmail}</p>
          <ul className={styles.chips} aria-label="Status">
            <li className={member.bVerified ? styles.chipOk : styles.chip}>
              {member.bVerified ? 'Verified' : 'Not verified'}
            </li>
            {member.bBanned && (
              <li className={styles.chipDanger}>
                Banned {member.iBanUntil ? `until ${formatWhen(member.iBanUntil)}` : 'until lifted'}
              </li>
            )}
            {member.bMuted && <li className={styles.chipWarn}>Muted in chat</li>}
            {member.sRole !== 'user' && <li className={styles.chip}>Role: {member.sRole}</li>}
            {member.bWhitelisted && <li className={styles.chip}>Whitelisted</li>}
          </ul>
        </div>
        <dl className={styles.balance}>
          <div>
            <dt>Points</dt>
            <dd data-testid="member-points">{member.iPoints.toLocaleString('en')}</dd>
          </div>
          <div>
            <dt>Tickets</dt>
            <dd data-testid="member-tickets">{member.iTickets.toLocaleString('en')}</dd>
          </div>
        </dl>
      </header>

      <MemberLevers member={member} may={may} grant={grant} onGrant={setGrant} onDone={setSaid} />
      <p role="status" className={styles.said}>
        {said}
      </p>
      {member.sUsername && (
        <p>
          <Link to={`${CONSOLE_ROUTES.trades}?member=${encodeURIComponent(member.sUsername)}`}>
            Trades of {member.sUsername} →
          </Link>
        </p>
      )}

      <Tabs label={`About ${member.sUsername || member.sEmail}`} tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'profile' ? (
          <ProfilePanel member={member} referred={() => select('referred')} />
        ) : tab === 'audit' ? (
          <AuditPanel memberId={memberId} />
        ) : tab === 'trades' ? (
          <MemberTradesPanel username={member.sUsername || member.sEmail} />
        ) : (
          <ListPanel key={tab} memberId={memberId} tab={tab} levers={levers} />
        )}
      </Tabs>

      <ReasonDialog
        open={session !== null}
        title="Revoke this session"
        description={
          session
            ? `${session.sDevice}, ${session.sIp || 'no IP'}, last active ${formatWhen(Number(session.iLastActiveAt))}.`
            : ''
        }
        confirmLabel="Revoke"
        danger
        onClose={() => setSession(null)}
        onConfirm={async (reason) => {
          await revoke.mutateAsync({ sUserID: memberId, sSessionID: String(session?.sSessionID), sReason: reason });
          setSaid('The session ended.');
        }}
      />
    </div>
  );
}
