import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useConnection } from 'wagmi';
import { OUTSIDE_PROVIDER, useWallet, WalletContext, type WalletState } from './context';

function Probe() {
  return createElement('span', null, useWallet().buttonText);
}

function WagmiProbe() {
  return createElement('span', null, useConnection().status);
}

describe('wallet hooks outside the wallet provider (docs/product.md §8)', () => {
  it('useWallet throws the error saying it must be used inside the provider', () => {
    expect(() => renderToString(createElement(Probe))).toThrow(OUTSIDE_PROVIDER);
    expect(OUTSIDE_PROVIDER).toBe('`useWallet` must be used within `WalletProvider`.');
  });

  it("wagmi's own hooks throw that they must be used within WagmiProvider", () => {
    expect(() => renderToString(createElement(WagmiProbe))).toThrow('`useConfig` must be used within `WagmiProvider`.');
  });

  it('inside the provider the hook answers the wallet state', () => {
    const state = { buttonText: 'CONNECT WALLET' } as WalletState;
    expect(renderToString(createElement(WalletContext.Provider, { value: state }, createElement(Probe)))).toBe(
      '<span>CONNECT WALLET</span>',
    );
  });
});
