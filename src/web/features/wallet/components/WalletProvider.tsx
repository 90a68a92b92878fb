import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useConfig, useConnection, useConnectionEffect, WagmiProvider } from 'wagmi';
import { connect as connectWallet, disconnect as disconnectWallet, signMessage } from 'wagmi/actions';
import { errorMessage } from '../../../../protocol/errors';
import { networkById, walletButtonText } from '../../../../protocol/wallet';
import { memberKeys } from '../../../lib/memberData';
import { getWalletNonce, setWalletAddress } from '../api/wallet';
import { createWalletConfig } from '../model/config';
import { WalletContext, type WalletState } from '../model/context';
import { switchNetwork } from '../model/network';
import {
  belongsToAnotherMember,
  clearWalletEmail,
  storedWalletEmail,
  storeWalletEmail,
  WALLET_UNLINKED_EVENT,
} from '../model/walletEmail';

export interface ConnectEvent {
  address: string;
  connector: { id: string; name: string };
}

export interface WalletProviderProps {
  memberEmail: string;
  token: string;
  desiredChainId: number;
  /** docs/product.md §4: fired with the address and connector when a wallet connects. */
  onConnect?(event: ConnectEvent): void;
  /** Fired when the wallet disconnects. */
  onDisconnect?(): void;
  children: ReactNode;
}

/** The wagmi configuration provider and the portal's wallet state (docs/product.md §3–§5). */
export function WalletProvider(props: WalletProviderProps) {
  const [config] = useState(createWalletConfig);
  // docs/product.md §5: the wallet of another member of this browser is not reconnected.
  const [another] = useState(() => belongsToAnotherMember(storedWalletEmail(), props.memberEmail));
  return (
    <WagmiProvider config={config} reconnectOnMount={!another}>
      <WalletStateProvider {...props} disconnectOnLoad={another} />
    </WagmiProvider>
  );
}

function reason(error: unknown): string {
  const name = (error as { name?: string })?.name ?? '';
  const message = (error as { shortMessage?: string; message?: string })?.message ?? '';
  if (name === 'ProviderNotFoundError') return 'No browser wallet was found. Install one, then try again.';
  if (name === 'UserRejectedRequestError' || /reject|denied|declined/i.test(message))
    return 'The request was declined in your wallet.';
  return (error as { shortMessage?: string })?.shortMessage ?? (message || 'The wallet did not answer.');
}

function WalletStateProvider({
  memberEmail,
  token,
  desiredChainId,
  onConnect,
  onDisconnect,
  disconnectOnLoad,
  children,
}: WalletProviderProps & { disconnectOnLoad: boolean }) {
  const config = useConfig();
  const connection = useConnection();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!disconnectOnLoad) return;
    clearWalletEmail();
    // Each connector forgets it was connected (injected: it marks itself disconnected), so no
    // later load reconnects the other member's wallet either.
    for (const connector of config.connectors) connector.disconnect().catch(() => undefined);
    config.storage?.removeItem('recentConnectorId');
    disconnectWallet(config).catch(() => undefined);
  }, [config, disconnectOnLoad]);

  // An unlink on /account disconnects the browser wallet too: a connected wallet is a linked one.
  useEffect(() => {
    const onUnlinked = () => disconnectWallet(config).catch(() => undefined);
    window.addEventListener(WALLET_UNLINKED_EVENT, onUnlinked);
    return () => window.removeEventListener(WALLET_UNLINKED_EVENT, onUnlinked);
  }, [config]);

  /** The connect callback: links the address on the server (with a signed proof when the member signs). */
  const link = useCallback(
    async (address: `0x${string}`, chainId: number, connector: Parameters<typeof signMessage>[1]['connector']) => {
      setBusy(true);
      setError(null);
      const network = networkById(chainId) ?? networkById(desiredChainId);
      if (!network) {
        setBusy(false);
        return;
      }
      let proof: { sNonce?: string; sSignature?: string } = {};
      const nonce = await getWalletNonce(token, address, network.iChainID);
      if (nonce?.iErrorCode === 0 && nonce.sNonce && nonce.sMessage) {
        try {
          const signature = await signMessage(config, { account: address, message: nonce.sMessage, connector });
          proof = { sNonce: nonce.sNonce, sSignature: signature };
        } catch {
          // Signing is optional: the address is linked without the proof.
        }
      }
      const answer = await setWalletAddress(token, {
        sWalletAddress: address,
        sChain: network.sChain,
        iChainID: network.iChainID,
        ...proof,
      });
      if (answer?.iErrorCode === 0) {
        storeWalletEmail(memberEmail);
        await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      } else {
        setError(answer?.sMessage ?? errorMessage(answer?.iErrorCode));
        await disconnectWallet(config).catch(() => undefined);
      }
      setBusy(false);
    },
    [config, desiredChainId, memberEmail, queryClient, token],
  );

  useConnectionEffect({
    onConnect: useCallback(
      (data: {
        address: `0x${string}`;
        chainId: number;
        connector: { id: string; name: string };
        isReconnected: boolean;
      }) => {
        onConnect?.({ address: data.address, connector: data.connector });
        if (!data.isReconnected) link(data.address, data.chainId, data.connector as never).catch(() => setBusy(false));
      },
      [link, onConnect],
    ),
    onDisconnect: useCallback(() => {
      clearWalletEmail();
      onDisconnect?.();
    }, [onDisconnect]),
  });

  const state = useMemo<WalletState>(() => {
    const connected = connection.status === 'connected';
    return {
      buttonText: walletButtonText(connected),
      account: connection.address,
      connector: connection.connector ? { id: connection.connector.id, name: connection.connector.name } : undefined,
      connected,
      status: connection.status,
      chainId: connection.chainId,
      desiredChainId,
      busy,
      error,
      async connect() {
        setError(null);
        const connector = config.connectors[0];
        if (!connector) return;
        try {
          await connectWallet(config, { connector });
        } catch (e) {
          setError(reason(e));
        }
      },
      async disconnect() {
        setError(null);
        await disconnectWallet(config).catch(() => undefined);
        clearWalletEmail();
      },
      async switchNetwork(chainId?: number) {
        setError(null);
        try {
          await switchNetwork(chainId, connection.connector);
        } catch (e) {
          setError(e instanceof Error && e.message === 'chainId is required' ? e.message : reason(e));
        }
      },
    };
  }, [connection, config, desiredChainId, busy, error]);

  return <WalletContext.Provider value={state}>{children}</WalletContext.Provider>;
}
