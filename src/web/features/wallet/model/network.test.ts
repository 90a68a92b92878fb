import { describe, expect, it } from 'vitest';
import { CONNECT_LABEL, CONNECTED_LABEL, shortAccount, walletButtonText } from '../../../../protocol/wallet';
import { CANNOT_SWITCH, CHAIN_ID_REQUIRED, type SwitchingConnector, switchNetwork } from './network';
import { belongsToAnotherMember } from './walletEmail';

function scripted(chainId: number) {
  const requests: Array<{ method: string; params?: unknown }> = [];
  const connector: SwitchingConnector = {
    switchChain: async () => undefined,
    getChainId: async () => chainId,
    getProvider: async () => ({
      request: async (args: { method: string; params?: unknown }) => {
        requests.push(args);
        return null;
      },
    }),
  };
  return { connector, requests };
}

describe('network switch (docs/product.md §4, §5, §9)', () => {
  it('fails with exactly "chainId is required" without a chain id', async () => {
    const { connector, requests } = scripted(1);
    await expect(switchNetwork(undefined, connector)).rejects.toThrow(new Error('chainId is required'));
    await expect(switchNetwork(0, connector)).rejects.toThrow(CHAIN_ID_REQUIRED);
    expect(requests).toEqual([]);
  });

  it('needs a connector that supports switching', async () => {
    await expect(switchNetwork(137, null)).rejects.toThrow(CANNOT_SWITCH);
    const { connector } = scripted(1);
    await expect(switchNetwork(137, { ...connector, switchChain: undefined })).rejects.toThrow(CANNOT_SWITCH);
  });

  it('asks the wallet to add, then switch to, the dev test network when the chain differs', async () => {
    const { connector, requests } = scripted(137);
    expect(await switchNetwork(0x13881, connector)).toBe('switched');
    expect(requests).toEqual([
      {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x13881',
            chainName: 'Polygon Mumbai (test)',
            nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 },
            rpcUrls: ['https://rpc-mumbai.maticvigil.com'],
            blockExplorerUrls: ['https://mumbai.polygonscan.com'],
          },
        ],
      },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x13881' }] },
    ]);
  });

  it('asks nothing when the wallet is on that chain already', async () => {
    const { connector, requests } = scripted(137);
    expect(await switchNetwork(137, connector)).toBe('already');
    expect(requests).toEqual([]);
  });
});

describe('wallet labels and the stored wallet email', () => {
  it('shows CONNECTED / CONNECT WALLET and the account as its first 5 and last 4 characters', () => {
    expect(walletButtonText(true)).toBe(CONNECTED_LABEL);
    expect(walletButtonText(false)).toBe(CONNECT_LABEL);
    expect(CONNECT_LABEL).toBe('CONNECT WALLET');
    expect(shortAccount('0x1a642f0E3c3aF545E7AcBD38b07251B3990914F1')).toBe('0x1a6...14F1');
    expect(shortAccount(undefined)).toBe('');
  });

  it('a stored email of another member disconnects; none stored or the same (any case) does not', () => {
    expect(belongsToAnotherMember('a@example.com', 'b@example.com')).toBe(true);
    expect(belongsToAnotherMember('A@example.com', 'a@example.com')).toBe(false);
    expect(belongsToAnotherMember(null, 'a@example.com')).toBe(false);
  });
});
