import type { AuthError } from '../../../lib/auth';

/** Better Auth's refusals in words for a person. */
export function authErrorMessage(error: AuthError): string {
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return 'That email and password do not match.';
    case 'INVALID_PASSWORD':
      return 'Your current password is not right.';
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'This email is already registered.';
    case 'PASSWORD_TOO_SHORT':
      return 'Use at least 8 characters.';
    case 'PASSWORD_TOO_LONG':
      return 'Use at most 128 characters.';
    case 'INVALID_EMAIL':
      return 'Please enter a valid email address.';
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return 'This link has expired or was already used.';
    case 'TOKEN_ALREADY_USED':
      return 'This link was already used.';
    case 'SESSION_NOT_FRESH':
      return 'For your safety, log in again before adding a passkey.';
    case 'RATE_LIMITED':
      return 'Too many attempts. Please wait a minute and try again.';
    case 'BANNED_USER':
      return bannedMessage(error);
    case 'NETWORK':
      return error.message;
    default:
      if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
      if (error.status >= 500) return 'The server had a problem. Please try again in a moment.';
      return error.message || 'That did not work. Please try again.';
  }
}

/** When a ban ends, in the member's own time zone, named: "5 December 2026 at 18:00 UTC". */
export function banEnd(until: number): string {
  return new Date(until).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/**
 * A banned member's refusal: the specification's sentence, then the operator's reason and when the
 * ban ends, as the ban dialog promised them (issue 38).
 */
function bannedMessage(error: AuthError): string {
  const parts = [error.message || 'This account is suspended.'];
  if (error.ban?.reason) parts.push(`Reason: ${error.ban.reason}`);
  if (error.ban) {
    parts.push(
      error.ban.until
        ? `The suspension ends on ${banEnd(error.ban.until)}.`
        : 'The suspension lasts until it is lifted.',
    );
  }
  return parts.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(' ');
}
