import type { CapabilityDb } from '../../db/schema';
/** Tables of the wallet capability: one linked wallet per member, and the signing requests. */

export interface WalletLinkTable {
  /** One row per member (primary key). */
  user_id: string;
  /** Checksummed, as viem's getAddress writes it. */
  address: string;
  /** Lower case: unique, so one address belongs to one member. */
  address_lower: string;
  chain: string;
  chain_id: number;
  /** 1 when the member signed the server's message with this wallet. */
  proven: number;
  linked_at: number;
}

/** A message the server asked a member to sign; used once, then deleted. */
export interface WalletNonceTable {
  nonce: string;
  user_id: string;
  address_lower: string;
  chain_id: number;
  issued_at: number;
  expires_at: number;
}

export interface WalletTables {
  wallet_link: WalletLinkTable;
  wallet_nonce: WalletNonceTable;
}

/** The wallet capability's handle: its tables and the platform's. */
export type WalletDb = CapabilityDb<WalletTables>;
