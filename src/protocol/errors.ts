/** Sentences for people, for every code of errorCodes.ts and for transport failures. */
import { ErrorCode, type ErrorCodeName } from './errorCodes';

export { ErrorCode, type ErrorCodeName, type ErrorCodeValue } from './errorCodes';

const messages: Record<number, string> = {
  [ErrorCode.OK]: 'Done.',
  [ErrorCode.BAD_INPUT]: 'Some of the details you sent are not valid.',
  [ErrorCode.NOT_SIGNED_IN]: 'Please sign in first.',
  [ErrorCode.FORBIDDEN]: 'You are not allowed to do that.',
  [ErrorCode.NOT_FOUND]: 'We could not find that.',
  [ErrorCode.ALREADY_DONE]: 'That has already been done.',
  [ErrorCode.NOT_ENOUGH_POINTS]: 'You do not have enough points.',
  [ErrorCode.LIMIT_REACHED]: 'That limit has been reached.',
  [ErrorCode.RATE_LIMITED]: 'Too many attempts. Please wait a minute and try again.',
  [ErrorCode.MAINTENANCE]: 'The server is under maintenance. Please try again later.',
  [ErrorCode.UNKNOWN_ACTION]: 'The server does not know that request.',
  [ErrorCode.USERNAME_TAKEN]: 'That username is taken.',
  [ErrorCode.INVALID_CODE]: 'That invite code is not valid.',
  [ErrorCode.INVITE_ONLY]: 'Registration needs a valid invite code.',
  [ErrorCode.EMAIL_NOT_VERIFIED]: 'Please verify your email address first.',
  [ErrorCode.ALREADY_REGISTERED]: 'This account is already registered.',
  [ErrorCode.NOT_REGISTERED]: 'This account has not finished registration.',
  [ErrorCode.EMAIL_MISMATCH]: 'This invite code belongs to another email address.',
  [ErrorCode.FEATURE_OFF]: 'This feature is switched off.',
  [ErrorCode.INTERNAL]: 'Something went wrong on our side. Please try again.',
  [ErrorCode.NO_RESPONSE]: 'The server did not answer. Please try again.',
};

/** A sentence for a person, for any iErrorCode (application code or HTTP status). */
export function errorMessage(code: number | undefined | null): string {
  if (code === undefined || code === null) return 'The server could not be reached. Please check your connection.';
  const known = messages[code];
  if (known) return known;
  if (code === 429) return messages[ErrorCode.RATE_LIMITED] as string;
  if (code >= 500) return 'The server had a problem. Please try again in a moment.';
  if (code >= 400) return 'The request was refused by the server.';
  return `Unexpected error (${code}).`;
}

/** Every application code with its message: used by docs and tests. */
export function errorTable(): Array<{ name: ErrorCodeName; code: number; message: string }> {
  return (Object.keys(ErrorCode) as ErrorCodeName[]).map((name) => ({
    name,
    code: ErrorCode[name],
    message: messages[ErrorCode[name]] as string,
  }));
}
