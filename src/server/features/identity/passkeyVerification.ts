import { APIError } from 'better-auth/api';

/**
 * A passkey counts as two factors only when the authenticator checked the person (its PIN or
 * biometric: the UV flag). The passkey plugin verifies with `requireUserVerification: false`, so
 * its after-verification hooks refuse a ceremony without the flag, before a passkey is stored or
 * a session made (issue 35). The options ask authenticators for it too.
 */
export const USER_VERIFICATION_REQUIRED = 'USER_VERIFICATION_REQUIRED';

function refuse(): never {
  throw new APIError('BAD_REQUEST', {
    code: USER_VERIFICATION_REQUIRED,
    message: 'The passkey did not verify the user (PIN or biometric).',
  });
}

export const requireUserVerification = {
  authenticatorSelection: { userVerification: 'required' as const },
  registration: {
    async afterVerification({ verification }: { verification: { registrationInfo?: { userVerified?: boolean } } }) {
      if (!verification.registrationInfo?.userVerified) refuse();
      return undefined;
    },
  },
  authentication: {
    async afterVerification({ verification }: { verification: { authenticationInfo?: { userVerified?: boolean } } }) {
      if (!verification.authenticationInfo?.userVerified) refuse();
    },
  },
};
