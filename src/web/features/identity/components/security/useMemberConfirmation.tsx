import { useQuery } from '@tanstack/react-query';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { portal } from '../../../../api/client';
import { type AuthError, getAuthState, useAuth } from '../../../../lib/auth';
import { useFreshConfirmation } from '../../../../ui/ConfirmIdentityDialog';
import { twoFactorQuery } from '../../api/security';

/** Better Auth's route refused the change until the session is confirmed afresh (server: sessionRules.ts). */
const needsConfirmation = (failure: unknown) => (failure as AuthError | undefined)?.code === 'CONFIRMATION_REQUIRED';

/**
 * The member's fresh confirmation (issue 35): adding a passkey, changing the email or the
 * password run through `run`, which asks for the password (and a code when two-factor is on)
 * when the server says the change needs it, then tries once more.
 */
export function useMemberConfirmation() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const twoFactor = useQuery({ ...twoFactorQuery(userId), enabled: Boolean(userId) });
  return useFreshConfirmation({
    askCode: twoFactor.data?.twoFactorEnabled ?? false,
    needsConfirmation,
    async confirm(sPassword, sCode) {
      const answer = await portal('confirmIdentity', { sPassword, sCode }, { token: getAuthState().token });
      const code = answer?.iErrorCode ?? ErrorCode.NO_RESPONSE;
      if (code !== ErrorCode.OK) throw new Error(errorMessage(code));
    },
  });
}
