import { signIn, signOut, signUp } from '../../../lib/auth';
import { checkInviteCode, currentInviteCode, dispatchLogin } from '../../../lib/identity/store';
import { registerUser } from '../api/actions';
import type { FlowDeps } from './flows';

/** The real world for the login and registration flows. */
export const flowDeps: FlowDeps = {
  signIn,
  signUp,
  signOut,
  registerUser,
  recheckCode: async () => {
    await checkInviteCode(currentInviteCode());
  },
  dispatch: dispatchLogin,
};
