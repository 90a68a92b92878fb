import { acceptSession, signIn, signOut } from '../../../lib/auth';
import { checkInviteCode, currentInviteCode, dispatchLogin } from '../../../lib/identity/store';
import { registerUser } from '../api/actions';
import { createAccount, endSession, type NewSession, openSession } from '../api/sessions';
import type { FlowDeps } from './flows';

/** The real world for the login and registration flows. */
export const flowDeps: FlowDeps = {
  signIn,
  signUp: createAccount,
  openSession,
  adopt: (session) => {
    const { token, user } = session as NewSession;
    acceptSession(token, user);
  },
  registerUser,
  signOut: (token) => (token ? endSession(token) : signOut()),
  recheckCode: async () => {
    await checkInviteCode(currentInviteCode());
  },
  dispatch: dispatchLogin,
};
