import { DEV_TEST_NETWORK, MAIN_NETWORK, TEST_NETWORK_VAR } from '../../../../protocol/wallet';
import { useAuth } from '../../../lib/auth';
import { useUserData } from '../../../lib/memberData';
import { WalletButton } from './WalletButton';
import { WalletProvider } from './WalletProvider';

/**
 * The navbar's wallet slot, its own lazy chunk (wagmi + viem) that loads only when bWallet is on
 * (layouts/MemberChrome.tsx). The network asked for is the main one unless the game variable
 * iWalletTestNetwork turns the dev test network on (docs/product.md §9: off by default).
 */
export default function WalletSlot() {
  const auth = useAuth();
  const member = useUserData();
  if (auth.status !== 'signedIn') return null;
  const testNetwork = member.data?.registered ? member.data.pGameVars[TEST_NETWORK_VAR] === 1 : false;
  return (
    <WalletProvider
      memberEmail={auth.user.email}
      token={auth.token}
      desiredChainId={(testNetwork ? DEV_TEST_NETWORK : MAIN_NETWORK).iChainID}
    >
      <WalletButton />
    </WalletProvider>
  );
}
