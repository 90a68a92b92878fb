import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../protocol/errors';
import { networkById } from '../../../../protocol/wallet';
import { useAuth } from '../../../lib/auth';
import { memberKeys, useUserData } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { unlinkWallet } from '../api/wallet';
import { clearWalletEmail, WALLET_UNLINKED_EVENT } from '../model/walletEmail';
import styles from './Wallet.module.css';

/**
 * The wallet card of /account (bWallet on): the linked address with a copy button and an unlink
 * action, and the whitelist status. Needs no wallet in the browser: it reads pUserData.
 */
export default function AccountWallet() {
  const auth = useAuth();
  const member = useUserData();
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Fresh on arrival: the link and the whitelist status may have changed since the cached data
  // (another tab, an operator, a reload right after a change).
  useEffect(() => {
    queryClient.invalidateQueries({ queryKey: memberKeys.all });
  }, [queryClient]);
  if (auth.status !== 'signedIn' || !member.data?.registered) return null;
  const user = member.data.pUserData;
  const address = user.sWalletAddress;

  async function copy() {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      setError('Copying is blocked in this browser: select the address and copy it yourself.');
    }
  }

  async function unlink() {
    if (auth.status !== 'signedIn') return;
    setBusy(true);
    setError(null);
    const answer = await unlinkWallet(auth.token);
    if (answer?.iErrorCode === 0) {
      clearWalletEmail();
      window.dispatchEvent(new Event(WALLET_UNLINKED_EVENT));
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
    } else setError(errorMessage(answer?.iErrorCode));
    setBusy(false);
  }

  return (
    <Card className={styles.card}>
      <h2>Wallet</h2>
      {error && (
        <p className={styles.cardError} role="alert">
          {error}
        </p>
      )}
      <dl>
        <dt>Linked wallet</dt>
        <dd>
          {address ? (
            <>
              <span className={styles.address} data-testid="linked-wallet">
                {address}
              </span>
              {user.bWalletProven && <span title="You signed with this wallet">(signed)</span>}
            </>
          ) : (
            <span data-testid="linked-wallet">None: use CONNECT WALLET in the menu.</span>
          )}
        </dd>
        {address && (
          <>
            <dt>Network</dt>
            <dd>{networkById(user.iWalletChainID)?.chainName ?? user.sWalletChain}</dd>
          </>
        )}
        <dt>Whitelist</dt>
        <dd data-testid="whitelist-status">{user.bInWhitelist ? 'On the whitelist' : 'Not on the whitelist'}</dd>
      </dl>
      {address && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={copy}>
            {copied ? 'Address copied' : 'Copy address'}
          </Button>
          <Button variant="danger" onClick={unlink} busy={busy}>
            Unlink wallet
          </Button>
        </div>
      )}
    </Card>
  );
}
