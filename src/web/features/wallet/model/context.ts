import { createContext, useContext } from 'react';

/** docs/product.md §3 wallet state (button text, account, connector, connected) and what the navbar does with it. */
export interface WalletState {
  buttonText: string;
  account: string | undefined;
  connector: { id: string; name: string } | undefined;
  connected: boolean;
  /** docs/product.md §4: connected, disconnected, reconnecting (and connecting while asked). */
  status: 'connected' | 'connecting' | 'disconnected' | 'reconnecting';
  chainId: number | undefined;
  /** The network the portal asks for (the dev test network when the game var says so). */
  desiredChainId: number;
  busy: boolean;
  error: string | null;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  switchNetwork(chainId?: number): Promise<void>;
}

export const WalletContext = createContext<WalletState | null>(null);

/** docs/product.md §8: the error of a wallet hook used outside the wallet configuration provider. */
export const OUTSIDE_PROVIDER = '`useWallet` must be used within `WalletProvider`.';

export function useWallet(): WalletState {
  const wallet = useContext(WalletContext);
  if (!wallet) throw new Error(OUTSIDE_PROVIDER);
  return wallet;
}
