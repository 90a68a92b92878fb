import type { ConsoleError } from '../../../api/console';
import { useConsoleTitle, useOperator } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { AccountBackupCodes } from './AccountBackupCodes';
import { AccountPassword } from './AccountPassword';
import { AccountSessions } from './AccountSessions';
import { useOwnAccount, useRefreshOwnAccount } from './api';
import styles from './ConsoleScreens.module.css';

/**
 * The operator's own account (issue 38, decision 0246): their password, backup codes and console
 * sessions. Every role has it; each lever acts on the signed-in operator alone.
 */
export default function AccountScreen() {
  useConsoleTitle('Your account');
  const me = useOperator().data;
  const account = useOwnAccount();
  const refresh = useRefreshOwnAccount();
  return (
    <div className={`${shared.screen} ${styles.screen}`}>
      <PageHeader
        title="Your account"
        subtitle={me ? `${me.sEmail}, ${me.sRole}. Your password, backup codes and console sessions.` : ' '}
      />
      {account.error && <Notice tone="danger">{(account.error as ConsoleError).message}</Notice>}
      <div className={styles.accountCards}>
        <AccountPassword onChanged={refresh} />
        <AccountBackupCodes left={account.data?.iBackupCodesLeft} onRenewed={refresh} />
      </div>
      <AccountSessions sessions={account.data?.aSessions ?? []} loading={account.isFetching} onEnded={refresh} />
    </div>
  );
}
