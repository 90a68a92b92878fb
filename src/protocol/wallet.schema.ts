/** Request schemas of the wallet actions (server only). setWalletAddress comes as JSON (docs/product.md §7). */
import { z } from 'zod';
import { ADDRESS_PATTERN } from './wallet';
import { formInt } from './wire.schema';

const address = z.string().trim().regex(ADDRESS_PATTERN, 'a wallet address: 0x and 40 hex digits');
const chainId = formInt.pipe(
  z
    .number()
    .int()
    .min(1)
    .max(2 ** 40),
);

export const setWalletAddressInput = z.object({
  sWalletAddress: address,
  sChain: z.string().trim().min(1).max(40),
  iChainID: chainId,
  /** With sSignature: the nonce of getWalletNonce whose message the wallet signed. */
  sNonce: z
    .string()
    .regex(/^[A-Za-z0-9]{16,64}$/)
    .optional(),
  sSignature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{2,1000}$/, 'a hex signature')
    .optional(),
});

export const getWalletNonceInput = z.object({ sWalletAddress: address, iChainID: chainId });

export const unlinkWalletInput = z.object({});
