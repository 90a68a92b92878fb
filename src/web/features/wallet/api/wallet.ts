import { portal } from '../../../api/client';

/** portal/getWalletNonce: the message the member's wallet signs to prove it is theirs. */
export const getWalletNonce = (token: string, sWalletAddress: string, iChainID: number) =>
  portal('getWalletNonce', { sWalletAddress, iChainID }, { token });

/** portal/setWalletAddress: a JSON body (docs/product.md §7), with the signed proof when there is one. */
export const setWalletAddress = (
  token: string,
  body: { sWalletAddress: string; sChain: string; iChainID: number; sNonce?: string; sSignature?: string },
) => portal('setWalletAddress', body, { token, json: true });

export const unlinkWallet = (token: string) => portal('unlinkWallet', {}, { token });
