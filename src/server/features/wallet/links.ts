import { randomBytes } from 'node:crypto';
import { getAddress, isAddress, verifyMessage } from 'viem';
import { ErrorCode } from '../../../protocol/errors';
import {
  networkById,
  ownershipMessage,
  WALLET_NONCE_TTL_MS,
  type WalletAnswer,
  type WalletNonceAnswer,
  type WalletUserData,
} from '../../../protocol/wallet';
import { fail } from '../../http/actions';
import { writeAudit } from '../../shared/audit';
import { inCodePointOrder, startsWith } from '../../shared/prefix';
import { prepared } from '../../shared/prepared';
import type { WalletDb } from './tables';

/**
 * The member's linked wallet (docs/product.md §16): one address per member, one member per address,
 * optionally proven by an EIP-191 signature of a server-issued message. Every change is audited.
 */

/** The checksummed address, or null when it is not one: all lower case is accepted, mixed case must match its checksum. */
export function checksummed(address: string): `0x${string}` | null {
  if (!isAddress(address, { strict: false })) return null;
  const mixed = /[a-f]/.test(address.slice(2)) && /[A-F]/.test(address.slice(2));
  if (mixed && !isAddress(address, { strict: true })) return null;
  return getAddress(address);
}

/** The network named by the pair, or null when the id is unknown or the name is not its name. */
function knownNetwork(chain: string, chainId: number) {
  const network = networkById(chainId);
  return network && network.sChain === chain.toLowerCase() ? network : null;
}

const memberActor = (userId: string) => `member:${userId}`;

export async function issueNonce(
  db: WalletDb,
  p: { userId: string; address: string; chainId: number; domain: string; now: number },
): Promise<WalletNonceAnswer> {
  const address = checksummed(p.address);
  if (!address) return fail(ErrorCode.WALLET_BAD_ADDRESS) as WalletNonceAnswer;
  if (!networkById(p.chainId)) return fail(ErrorCode.WALLET_BAD_CHAIN) as WalletNonceAnswer;
  const nonce = randomBytes(16).toString('hex');
  await db.deleteFrom('wallet_nonce').where('expires_at', '<', p.now).execute();
  await db
    .insertInto('wallet_nonce')
    .values({
      nonce,
      user_id: p.userId,
      address_lower: address.toLowerCase(),
      chain_id: p.chainId,
      issued_at: p.now,
      expires_at: p.now + WALLET_NONCE_TTL_MS,
    })
    .execute();
  return {
    iErrorCode: ErrorCode.OK,
    sNonce: nonce,
    sMessage: ownershipMessage({ domain: p.domain, address, chainId: p.chainId, nonce, issuedAt: p.now }),
  };
}

export interface LinkRequest {
  userId: string;
  address: string;
  chain: string;
  chainId: number;
  nonce?: string;
  signature?: string;
  domain: string;
  now: number;
}

/** setWalletAddress: validates, proves (when signed) and links the address in one transaction. */
export async function linkWallet(db: WalletDb, r: LinkRequest): Promise<WalletAnswer> {
  const address = checksummed(r.address);
  if (!address) return fail(ErrorCode.WALLET_BAD_ADDRESS);
  const network = knownNetwork(r.chain, r.chainId);
  if (!network) return fail(ErrorCode.WALLET_BAD_CHAIN);
  const lower = address.toLowerCase();

  let proven = false;
  if (r.signature !== undefined || r.nonce !== undefined) {
    if (!r.signature || !r.nonce) return fail(ErrorCode.WALLET_PROOF_FAILED);
    // The nonce is spent whatever the outcome: a wrong signature asks for a new message.
    const [spent] = await db
      .deleteFrom('wallet_nonce')
      .where('nonce', '=', r.nonce)
      .where('user_id', '=', r.userId)
      .returning(['address_lower', 'chain_id', 'issued_at', 'expires_at'])
      .execute();
    if (!spent || Number(spent.expires_at) < r.now) return fail(ErrorCode.WALLET_NONCE_EXPIRED);
    if (spent.address_lower !== lower) return fail(ErrorCode.WALLET_PROOF_FAILED);
    const message = ownershipMessage({
      domain: r.domain,
      address,
      chainId: Number(spent.chain_id),
      nonce: r.nonce,
      issuedAt: Number(spent.issued_at),
    });
    const valid = await verifyMessage({ address, message, signature: r.signature as `0x${string}` }).catch(() => false);
    if (!valid) return fail(ErrorCode.WALLET_PROOF_FAILED);
    proven = true;
  }

  return db.transaction().execute(async (trx) => {
    const holder = await trx
      .selectFrom('wallet_link')
      .select('user_id')
      .where('address_lower', '=', lower)
      .executeTakeFirst();
    if (holder && holder.user_id !== r.userId) return fail(ErrorCode.WALLET_TAKEN);
    const mine = await trx.selectFrom('wallet_link').selectAll().where('user_id', '=', r.userId).executeTakeFirst();
    if (mine && mine.address_lower === lower) {
      // The same wallet again: keep the proof once given, follow the network it is used on.
      const keepProof = proven || mine.proven === 1;
      await trx
        .updateTable('wallet_link')
        .set({ address, chain: network.sChain, chain_id: network.iChainID, proven: keepProof ? 1 : 0 })
        .where('user_id', '=', r.userId)
        .execute();
      if (proven && mine.proven !== 1) {
        await writeAudit(trx, {
          actor: memberActor(r.userId),
          action: 'wallet.prove',
          detail: { address },
          at: r.now,
        });
      }
      return { iErrorCode: ErrorCode.OK, sWalletAddress: address, bWalletProven: keepProof };
    }
    if (mine) await trx.deleteFrom('wallet_link').where('user_id', '=', r.userId).execute();
    const inserted = await trx
      .insertInto('wallet_link')
      .values({
        user_id: r.userId,
        address,
        address_lower: lower,
        chain: network.sChain,
        chain_id: network.iChainID,
        proven: proven ? 1 : 0,
        linked_at: r.now,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    // Another member linked it between our check and the insert.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return fail(ErrorCode.WALLET_TAKEN);
    await writeAudit(trx, {
      actor: memberActor(r.userId),
      action: mine ? 'wallet.change' : 'wallet.link',
      detail: { from: mine?.address ?? null, to: address, chain: network.sChain, proven },
      at: r.now,
    });
    return { iErrorCode: ErrorCode.OK, sWalletAddress: address, bWalletProven: proven };
  });
}

export async function unlinkWallet(db: WalletDb, userId: string, now: number): Promise<WalletAnswer> {
  return db.transaction().execute(async (trx) => {
    const [removed] = await trx.deleteFrom('wallet_link').where('user_id', '=', userId).returning('address').execute();
    if (!removed) return fail(ErrorCode.WALLET_NOT_LINKED);
    await writeAudit(trx, {
      actor: memberActor(userId),
      action: 'wallet.unlink',
      detail: { address: removed.address },
      at: now,
    });
    return { iErrorCode: ErrorCode.OK, sWalletAddress: null, bWalletProven: false };
  });
}

/** getUserData's hot path: compiled once (shared/prepared.ts). */
const linkOf = prepared((db: WalletDb, userId: string) =>
  db.selectFrom('wallet_link').select(['address', 'chain', 'chain_id', 'proven']).where('user_id', '=', userId),
);

export async function linkedWallet(db: WalletDb, userId: string) {
  return (await linkOf(db, userId))[0];
}

export async function walletUserData(db: WalletDb, userId: string): Promise<WalletUserData> {
  const row = await linkedWallet(db, userId);
  return {
    sWalletAddress: row?.address ?? null,
    sWalletChain: row?.chain ?? null,
    iWalletChainID: row ? Number(row.chain_id) : null,
    bWalletProven: row?.proven === 1,
  };
}

/** Signing requests nobody used. */
export async function forgetExpiredNonces(db: WalletDb, now: number): Promise<void> {
  await db.deleteFrom('wallet_nonce').where('expires_at', '<', now).execute();
}

/** Members whose linked address starts with `prefix` (any case), with their address, by account id (the operators' search). */
export async function walletsStartingWith(db: WalletDb, prefix: string, limit: number) {
  const q = prefix.trim().toLowerCase();
  if (!/^0x[0-9a-f]{0,40}$/.test(q)) return [];
  return db
    .selectFrom('wallet_link')
    .select(['user_id', 'address'])
    .where(startsWith(db, 'address_lower', q))
    .orderBy(inCodePointOrder(db, 'user_id'))
    .limit(limit)
    .execute();
}
