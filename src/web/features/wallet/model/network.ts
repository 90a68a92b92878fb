import { networkById, type WalletNetwork } from '../../../../protocol/wallet';

/** docs/product.md §5: the exact message of a network switch without a chain id. */
export const CHAIN_ID_REQUIRED = 'chainId is required';
export const CANNOT_SWITCH = 'This wallet cannot switch networks.';

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/** What a network switch needs of a connector (wagmi's connectors have it). */
export interface SwitchingConnector {
  switchChain?: unknown;
  getChainId(): Promise<number>;
  getProvider(): Promise<unknown>;
}

export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`;

/**
 * docs/product.md §4: needs a chain id and a connector that supports switching; when the connected
 * chain differs, the browser wallet is asked to add the network, then to switch to it.
 */
export async function switchNetwork(
  chainId: number | undefined | null,
  connector: SwitchingConnector | undefined | null,
): Promise<'switched' | 'already'> {
  if (!chainId) throw new Error(CHAIN_ID_REQUIRED);
  if (!connector || typeof connector.switchChain !== 'function') throw new Error(CANNOT_SWITCH);
  if ((await connector.getChainId()) === chainId) return 'already';
  const provider = (await connector.getProvider()) as Eip1193Provider;
  const hex = toHexChainId(chainId);
  const network: WalletNetwork | undefined = networkById(chainId);
  if (network) {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: hex,
          chainName: network.chainName,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: network.rpcUrls,
          blockExplorerUrls: network.blockExplorerUrls,
        },
      ],
    });
  }
  await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] });
  return 'switched';
}
