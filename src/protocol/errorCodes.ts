/**
 * The one table of application error codes (DESIGN.md §2).
 * Application failures answer HTTP 200 with a nonzero iErrorCode from this table.
 * Transport failures keep their HTTP status, which the client turns into iErrorCode = status,
 * so application codes stay below 100 (104 is the spec's "registration returned nothing").
 */
export const ErrorCode = {
  OK: 0,
  BAD_INPUT: 1,
  NOT_SIGNED_IN: 2,
  FORBIDDEN: 3,
  NOT_FOUND: 4,
  ALREADY_DONE: 5,
  NOT_ENOUGH_POINTS: 6,
  LIMIT_REACHED: 7,
  RATE_LIMITED: 8,
  MAINTENANCE: 9,
  UNKNOWN_ACTION: 10,
  USERNAME_TAKEN: 11,
  INVALID_CODE: 12,
  INVITE_ONLY: 13,
  EMAIL_NOT_VERIFIED: 14,
  ALREADY_REGISTERED: 15,
  NOT_REGISTERED: 16,
  EMAIL_MISMATCH: 17,
  FEATURE_OFF: 18,
  INTERNAL: 99,
  /** SPEC §4: a registration call that returns nothing. Set by the client, never sent. */
  NO_RESPONSE: 104,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];
