import { useEffect, useId, useRef, useState } from 'react';
import { networkById, shortAccount } from '../../../../protocol/wallet';
import { useWallet } from '../model/context';
import styles from './Wallet.module.css';

/**
 * The navbar's wallet button (docs/product.md §2, §4): CONNECT WALLET / CONNECTED and the account as
 * its first 5 and last 4 characters. Connected, it opens a small menu: switch network, disconnect.
 */
export function WalletButton() {
  const wallet = useWallet();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const desired = networkById(wallet.desiredChainId);
  const wrongNetwork = wallet.connected && wallet.chainId !== wallet.desiredChainId;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);
  useEffect(() => {
    if (!wallet.connected) setOpen(false);
  }, [wallet.connected]);

  const onButton = () => {
    if (wallet.connected) setOpen((value) => !value);
    else if (!wallet.busy && wallet.status !== 'connecting') wallet.connect();
  };

  return (
    <div className={styles.wallet} data-wallet-state={wallet.status} ref={root}>
      <button
        type="button"
        className={`${styles.button} ${wallet.connected ? styles.connected : ''}`}
        onClick={onButton}
        aria-expanded={wallet.connected ? open : undefined}
        aria-controls={wallet.connected ? menuId : undefined}
        aria-busy={wallet.busy || wallet.status === 'connecting' || wallet.status === 'reconnecting'}
        data-testid="wallet-button"
      >
        <span className={styles.label}>{wallet.buttonText}</span>
        {wallet.connected && wallet.account && (
          <span className={styles.account} title={wallet.account} data-testid="wallet-account">
            {shortAccount(wallet.account)}
          </span>
        )}
        {wrongNetwork && <span className={styles.dot} title="Another network than the portal's" />}
      </button>
      {open && wallet.connected && (
        <div id={menuId} className={styles.menu}>
          {wrongNetwork && (
            <button
              type="button"
              className={styles.item}
              onClick={() => wallet.switchNetwork(wallet.desiredChainId).then(() => setOpen(false))}
            >
              Switch to {desired?.chainName ?? 'the portal network'}
            </button>
          )}
          <button type="button" className={styles.item} onClick={() => wallet.disconnect()}>
            Disconnect
          </button>
        </div>
      )}
      {wallet.error && (
        <p className={styles.error} role="alert">
          {wallet.error}
        </p>
      )}
    </div>
  );
}
