import { networkById, shortAccount } from '../../../../protocol/wallet';
import { useWallet } from '../model/context';
import styles from './Wallet.module.css';

/** The navbar's wallet button (docs/product.md §2, §4): CONNECT WALLET / CONNECTED and the account as 5+4 characters. */
export function WalletButton() {
  const wallet = useWallet();
  const desired = networkById(wallet.desiredChainId);
  const wrongNetwork = wallet.connected && wallet.chainId !== wallet.desiredChainId;
  return (
    <div className={styles.wallet} data-wallet-state={wallet.status}>
      <button
        type="button"
        className={`${styles.button} ${wallet.connected ? styles.connected : ''}`}
        onClick={() => (wallet.connected ? undefined : wallet.connect())}
        aria-disabled={wallet.connected || wallet.busy || wallet.status === 'connecting'}
        data-testid="wallet-button"
      >
        <span>{wallet.buttonText}</span>
        {wallet.connected && wallet.account && (
          <span className={styles.account} title={wallet.account} data-testid="wallet-account">
            {shortAccount(wallet.account)}
          </span>
        )}
      </button>
      {wrongNetwork && (
        <button type="button" className={styles.small} onClick={() => wallet.switchNetwork(wallet.desiredChainId)}>
          Switch to {desired?.chainName ?? 'the portal network'}
        </button>
      )}
      {wallet.connected && (
        <button type="button" className={styles.small} onClick={() => wallet.disconnect()}>
          Disconnect
        </button>
      )}
      {wallet.error && (
        <p className={styles.error} role="alert">
          {wallet.error}
        </p>
      )}
    </div>
  );
}
