import { acceptSession } from '../../../lib/auth';
import { endSession, type NewSession, openSession, signIn, signOut } from '../../../lib/authSession';
import { createAccount, registerUser } from '../api/identity';
import type { FlowDeps } from './flows';
import { checkInviteCode, currentInviteCode, dispatchLogin } from './store';

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
