import { ErrorCode } from '../../../protocol/errors';
import { getWalletNonceInput, setWalletAddressInput, unlinkWalletInput } from '../../../protocol/wallet.schema';
import type { AppContext } from '../../capability';
import { type ActionDef, actionDefiner, fail } from '../../http/actions';
import { getFlags } from '../maintenance/index';
import { issueNonce, linkWallet, unlinkWallet } from './links';
import type { WalletTables } from './tables';

const defineAction = actionDefiner<WalletTables>();

/** The host members see in the message they sign (the portal's public address). */
const domainOf = (deps: AppContext<WalletTables>) => new URL(deps.config.publicUrl).host;

export const walletActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'getWalletNonce',
    input: getWalletNonceInput,
    auth: 'member',
    async handler({ sWalletAddress, iChainID }, { deps, user }) {
      // docs/product.md §5: wallet sync only when bWallet is on.
      if (!(await getFlags(deps.db)).bWallet) return fail(ErrorCode.FEATURE_OFF);
      return issueNonce(deps.db, {
        userId: user.id,
        address: sWalletAddress,
        chainId: iChainID,
        domain: domainOf(deps),
        now: deps.clock.now(),
      });
    },
  }),
  defineAction({
    service: 'portal',
    name: 'setWalletAddress',
    input: setWalletAddressInput,
    auth: 'member',
    async handler({ sWalletAddress, sChain, iChainID, sNonce, sSignature }, { deps, user }) {
      if (!(await getFlags(deps.db)).bWallet) return fail(ErrorCode.FEATURE_OFF);
      return linkWallet(deps.db, {
        userId: user.id,
        address: sWalletAddress,
        chain: sChain,
        chainId: iChainID,
        nonce: sNonce,
        signature: sSignature,
        domain: domainOf(deps),
        now: deps.clock.now(),
      });
    },
  }),
  defineAction({
    service: 'portal',
    name: 'unlinkWallet',
    input: unlinkWalletInput,
    auth: 'member',
    // Allowed with bWallet off too: a member can always take their address back.
    handler: (_input, { deps, user }) => unlinkWallet(deps.db, user.id, deps.clock.now()),
  }),
];
