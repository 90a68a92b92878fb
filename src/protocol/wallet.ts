/**
 * Wallet (docs/product.md §3, §4, §7, §16): the networks the portal knows, the button
 * label and the account abbreviation, and the ownership-proof message. Plain data the web loads.
 */
import type { Answer } from './wire';

export interface WalletNetwork {
  /** The wire's sChain. */
  sChain: string;
  iChainID: number;
  /** For wallet_addEthereumChain. */
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls: string[];
}

/** docs/product.md §9: the dev test network, 0x13881, MATIC with 18 decimals (off by default). */
export const DEV_TEST_NETWORK: WalletNetwork = {
  sChain: 'polygon-mumbai',
  iChainID: 0x13881,
  chainName: 'Polygon Mumbai (test)',
  nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 },
  rpcUrls: ['https://rpc-mumbai.maticvigil.com'],
  blockExplorerUrls: ['https://mumbai.polygonscan.com'],
};

/** The portal's network unless the test network is switched on (game var iWalletTestNetwork). */
export const MAIN_NETWORK: WalletNetwork = {
  sChain: 'polygon',
  iChainID: 137,
  chainName: 'Polygon',
  nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 },
  rpcUrls: ['https://polygon-rpc.com'],
  blockExplorerUrls: ['https://polygonscan.com'],
};

export const ETHEREUM_NETWORK: WalletNetwork = {
  sChain: 'ethereum',
  iChainID: 1,
  chainName: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['https://cloudflare-eth.com'],
  blockExplorerUrls: ['https://etherscan.io'],
};

/** Every network a wallet may be linked on (setWalletAddress refuses others). */
export const WALLET_NETWORKS: readonly WalletNetwork[] = [MAIN_NETWORK, DEV_TEST_NETWORK, ETHEREUM_NETWORK];

export function networkById(chainId: number | undefined | null): WalletNetwork | undefined {
  return WALLET_NETWORKS.find((n) => n.iChainID === chainId);
}

/** The game variable that switches the portal's network to the dev test network (0 off, 1 on). */
export const TEST_NETWORK_VAR = 'iWalletTestNetwork';

/** docs/product.md §4: the navbar button's text. */
export const CONNECT_LABEL = 'CONNECT WALLET';
export const CONNECTED_LABEL = 'CONNECTED';
export const walletButtonText = (connected: boolean) => (connected ? CONNECTED_LABEL : CONNECT_LABEL);

/** docs/product.md §2: the account shown as its first 5 and last 4 characters. */
export function shortAccount(address: string | null | undefined): string {
  if (!address) return '';
  return address.length <= 9 ? address : `${address.slice(0, 5)}...${address.slice(-4)}`;
}

/** A 0x-prefixed 40-hex-digit address (checksum checked by the server with viem). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** How long a signing request (getWalletNonce) stays usable. */
export const WALLET_NONCE_TTL_MS = 10 * 60 * 1000;

/** The EIP-191 message a member signs to prove the wallet is theirs (SIWE-style, plain text). */
export function ownershipMessage(p: {
  domain: string;
  address: string;
  chainId: number;
  nonce: string;
  issuedAt: number;
}) {
  return [
    `${p.domain} wants you to link your wallet to your Cthulhu Portal account:`,
    p.address,
    '',
    'Signing proves this wallet is yours. It costs nothing and sends no transaction.',
    '',
    `Chain ID: ${p.chainId}`,
    `Nonce: ${p.nonce}`,
    `Issued At: ${new Date(p.issuedAt).toISOString()}`,
  ].join('\n');
}

/** portal/getWalletNonce: the message to sign for this address. */
export interface WalletNonceAnswer extends Answer {
  sNonce?: string;
  sMessage?: string;
}

/** portal/setWalletAddress and portal/unlinkWallet: the member's linked wallet afterwards. */
export interface WalletAnswer extends Answer {
  sWalletAddress?: string | null;
  bWalletProven?: boolean;
}

/** The wallet part of pUserData. */
export type WalletUserData = {
  /** The linked address (checksummed), or null. */
  sWalletAddress: string | null;
  sWalletChain: string | null;
  iWalletChainID: number | null;
  /** The member signed the server's message with this wallet. */
  bWalletProven: boolean;
};
