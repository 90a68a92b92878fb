import { useState } from 'react';
import { Link } from 'react-router';
import type { ConsoleMemberProfile } from '../../../../protocol/console';
import { consoleMemberPath } from '../../../../protocol/routes';
import { formatWhen } from '../../../lib/console';
import { DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { PAGE_SIZE, useMemberAudit, useMemberTab } from './api';
import { yesNo } from './format';
import styles from './MemberTabPanels.module.css';
import { AUDIT_COLUMNS, type ListTab, type RowLevers, type TabRow, tabColumns } from './tabColumns';

export const TAB_LABELS: Record<ListTab | 'profile' | 'trades' | 'audit', string> = {
  profile: 'Profile',
  referred: 'Referred',
  sessions: 'Sessions',
  collectibles: 'Collectibles',
  statement: 'Statement',
  purchases: 'Purchases',
  raffles: 'Raffles',
  games: 'Games',
  scores: 'Scores',
  chat: 'Chat messages',
  moderation: 'Reports',
  notices: 'Notices pending',
  notes: 'Notes',
  trades: 'Trades',
  audit: 'Audit trail',
};

const EMPTY: Record<ListTab | 'audit', string> = {
  referred: 'Nobody joined with their referral code yet.',
  sessions: 'No open session.',
  collectibles: 'No collectibles.',
  statement: 'No movement in the ledger.',
  purchases: 'No purchases.',
  raffles: 'No raffle entries.',
  games: 'No game runs.',
  scores: 'No scores.',
  chat: 'No chat messages.',
  moderation: 'No reports by or about this member.',
  notices: 'No notice waiting.',
  notes: 'No notes yet.',
  audit: 'Nothing recorded about this member.',
};

export function ProfilePanel({ member, referred }: { member: ConsoleMemberProfile; referred(): void }) {
  const facts: Array<[string, React.ReactNode]> = [
    ['Member id', <code key="id">{member.sUserID}</code>],
    ['Email verified', yesNo(member.bVerified)],
    ['Joined', formatWhen(member.iJoinedAt)],
    ['Last seen', formatWhen(member.iLastSeenAt)],
    [
      'Referrer',
      member.sReferrerUserID ? (
        <Link key="ref" to={consoleMemberPath(member.sReferrerUserID)}>
          {member.sReferrerUsername || member.sReferrerUserID}
        </Link>
      ) : (
        'None'
      ),
    ],
    ['Referral code', member.sReferralCode || '—'],
    [
      'Referred members',
      <button key="referred" type="button" className={styles.linkButton} onClick={referred}>
        See the Referred tab
      </button>,
    ],
    ['Wallet', member.sWalletAddress ? <code key="w">{member.sWalletAddress}</code> : 'None linked'],
    ['Whitelisted', yesNo(member.bWhitelisted)],
    ['Role', member.sRole],
    [
      'Banned',
      member.bBanned ? `Yes${member.iBanUntil ? `, until ${formatWhen(member.iBanUntil)}` : ', until lifted'}` : 'No',
    ],
    ...(member.bBanned ? ([['Ban reason', member.sBanReason]] as Array<[string, string]>) : []),
    ['Muted in chat', yesNo(member.bMuted)],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One list tab of the member's page, paged by the server. */
export function ListPanel({ memberId, tab, levers }: { memberId: string; tab: ListTab; levers: RowLevers }) {
  const [page, setPage] = useState(0);
  const rows = useMemberTab(memberId, tab, page);
  if (rows.isError) return <Notice tone="danger">{rows.error.message}</Notice>;
  return (
    <DataTable<TabRow>
      caption={TAB_LABELS[tab]}
      columns={tabColumns(tab, levers)}
      rows={rows.data?.aRows ?? []}
      rowId={(row) => String(Object.values(row)[0])}
      empty={EMPTY[tab]}
      busy={rows.isFetching}
      page={{ index: page, more: rows.data?.bMore ?? false, onChange: setPage }}
    />
  );
}

export function AuditPanel({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(0);
  const audit = useMemberAudit(memberId, page);
  if (audit.isError) return <Notice tone="danger">{audit.error.message}</Notice>;
  const rows = audit.data?.aRows ?? [];
  const total = audit.data?.iTotal ?? 0;
  return (
    <DataTable
      caption={`Audit trail (${total}${audit.data?.bTotalAtLeast ? '+' : ''} entr${total === 1 ? 'y' : 'ies'})`}
      columns={AUDIT_COLUMNS}
      rows={rows}
      rowId={(row) => String(row.iId)}
      empty={EMPTY.audit}
      busy={audit.isFetching}
      page={{ index: page, more: (page + 1) * PAGE_SIZE < total, onChange: setPage }}
    />
  );
}
