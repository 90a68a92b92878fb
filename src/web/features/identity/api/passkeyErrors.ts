import type { AuthError } from '../../../lib/auth';

/**
 * Why a passkey ceremony failed in the browser, in words a member can act on (issue 42 item 6):
 * the address (passkeys need https and the portal's own host name), the browser (no WebAuthn), the
 * device (no suitable authenticator), or a prompt closed or timed out. Codes from
 * @simplewebauthn/browser's WebAuthnError and the DOMException names WebAuthn throws.
 */
export function passkeyCeremonyError(error: unknown): AuthError {
  const name = (error as { name?: string }).name ?? '';
  const code = (error as { code?: string }).code ?? '';
  const here = typeof window === 'undefined' ? 'this address' : window.location.host;
  const fail = (failure: string, message: string): AuthError => ({ status: 0, code: failure, message });
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return fail('PASSKEY_EXISTS', 'This device already holds a passkey for your account.');
  if (typeof window !== 'undefined' && !window.PublicKeyCredential)
    return fail(
      'PASSKEY_UNSUPPORTED',
      'This browser does not support passkeys. Use a current Chrome, Edge, Firefox or Safari, or sign in with your password.',
    );
  if (typeof window !== 'undefined' && !window.isSecureContext)
    return fail(
      'PASSKEY_ADDRESS',
      `Passkeys need a secure (https) address, and this page is open at http://${here}. Open the portal at its usual https address and try again.`,
    );
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return fail(
      'PASSKEY_ADDRESS',
      `Passkeys belong to the portal's own address, and this page is open at ${here}. Open the portal at its usual address (the one in our emails) and try again.`,
    );
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return fail(
      'PASSKEY_CANCELLED',
      'The passkey prompt was closed or timed out before it finished. Try again and confirm with your fingerprint, face, PIN or security key.',
    );
  if (name === 'NotSupportedError' || code.startsWith('ERROR_AUTHENTICATOR_'))
    return fail(
      'PASSKEY_DEVICE',
      'This device has no passkey store that can do this (a screen lock, or a security key). Set one up, use another device, or sign in with your password.',
    );
  const detail = (error as { message?: string }).message;
  return fail(
    'PASSKEY_UNSUPPORTED',
    `This browser could not use a passkey here${detail ? ` (${detail})` : ''}. Try again, or sign in with your password.`,
  );
}
