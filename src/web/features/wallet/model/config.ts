import { defineChain } from 'viem';
import { createConfig, createStorage, http, injected } from 'wagmi';
import { WALLET_NETWORKS } from '../../../../protocol/wallet';

const chains = WALLET_NETWORKS.map((n) =>
  defineChain({
    id: n.iChainID,
    name: n.chainName,
    nativeCurrency: n.nativeCurrency,
    rpcUrls: { default: { http: n.rpcUrls } },
    blockExplorers: { default: { name: n.chainName, url: n.blockExplorerUrls[0] as string } },
  }),
);

/**
 * wagmi with the injected (EIP-1193 browser wallet) connector only (docs/product.md §16). No other wallet is
 * discovered and no RPC is read: the portal only asks the wallet for its account, chain and signature.
 */
export function createWalletConfig() {
  const [first, ...rest] = chains as [ReturnType<typeof defineChain>, ...ReturnType<typeof defineChain>[]];
  return createConfig({
    chains: [first, ...rest],
    connectors: [injected()],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ storage: typeof window === 'undefined' ? undefined : window.localStorage }),
    transports: Object.fromEntries(chains.map((c) => [c.id, http()])),
  });
}
