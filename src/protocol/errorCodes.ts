/**
 * The one table of application error codes (docs/product.md §7).
 * Application failures answer HTTP 200 with a nonzero iErrorCode from this table.
 * Transport failures keep their HTTP status, which the client turns into iErrorCode = status,
 * so application codes stay below 100 (104 is the spec's "registration returned nothing").
 * Each capability takes codes from its own range, so two never clash: 1–19 platform and
 * identity, 20–25 raffle, 26–29 the console's live operations (issue 29), 30–35 store, 36–39
 * invites and raffles from the console (issue 29), 40–49 chat, 50–59 games, 60–69 wallet and
 * whitelist, 70 platform safety (hardening), 71–75 announcements (issue 29), 80–89 operator
 * console, 90–93 a member's second factor and
 * passkeys, 94–97 a member's own account (issue 30), 19 profiles (issue 28); the operators' trust
 * model and confirmations (issue 35) took the free 76–79, 88, 89, 98 and 66, the console's round 3
 * (issue 38) 67; trading (issue 39) took 28, 29, 68, 69. None is free now: a new capability reuses
 * the generic codes (BAD_INPUT, NOT_FOUND, LIMIT_REACHED, FORBIDDEN…) with its own sMessage. Every
 * application code stays below 100, apart from HTTP statuses and 104.
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
  /** Profiles (issue 28): the avatar or a showcased collectible is not one the member owns (the avatar: not one of their Agents). */
  NOT_YOUR_COLLECTIBLE: 19,
  RAFFLE_CLOSED: 20,
  RAFFLE_NOT_OPEN: 21,
  NOT_ENOUGH_TICKETS: 22,
  RAFFLE_ENTRIES_NOT_PUBLISHED: 23,
  RAFFLE_NOT_ENTERED: 24,
  /** An entry's idempotency key sent again with another raffle or number of tickets. */
  RAFFLE_KEY_REUSED: 25,
  /** Console (issue 29): a game var value its capability refuses; sMessage is the sentence `gamevars set` prints. */
  GAMEVAR_REFUSED: 26,
  /** Console (issue 29): a curse-breaker puzzle `cursebreaker set` would refuse; sMessage says why. */
  CURSE_REFUSED: 27,
  /** Reward store (docs/product.md §13): bRewardStore is off. */
  STORE_CLOSED: 30,
  SOLD_OUT: 31,
  /** The member bought the item's `iLimit` already. */
  PURCHASE_LIMIT_REACHED: 32,
  NOT_ON_SALE_YET: 33,
  NO_LONGER_ON_SALE: 34,
  /** A purchase key sent again with another item or quantity. */
  PURCHASE_KEY_REUSED: 35,
  // Invites and raffles run from the console (issue 29): 36–39.
  /** An invite code past its expiry (registration, verifyCode). */
  INVITE_EXPIRED: 36,
  /** The raffle is not in the state the change needs (drawing one that is not closed, opening one already open…). */
  RAFFLE_WRONG_STATE: 37,
  /** A raffle prize names a collectible template that does not exist. */
  UNKNOWN_TEMPLATE: 38,
  /** A time that must be in the future is not (an invite's expiry, a raffle's close). */
  TIME_IN_PAST: 39,
  CHAT_MUTED: 40,
  CHAT_SLOW_MODE: 41,
  CHAT_TOO_LONG: 42,
  CHAT_CHANNEL_CLOSED: 43,
  CHAT_EDIT_WINDOW_OVER: 44,
  CHAT_EMPTY: 45,
  // Issue 29, the console's store and chat levers (numbers from the chat range, assigned to them).
  /** A store item change with a value the store refuses (sMessage: the same sentence as the CLI's). */
  STORE_ITEM_INVALID: 46,
  /** A new store item whose id another item has. */
  STORE_ITEM_EXISTS: 47,
  /** A channel change with a value chat refuses: id, name, topic or slow mode (sMessage: the CLI's sentence). */
  CHAT_CHANNEL_INVALID: 48,
  /** A new channel whose id another channel has (archived ones too). */
  CHAT_CHANNEL_EXISTS: 49,
  // Games (docs/product.md §15): 50–59.
  RUN_FORGED: 50,
  RUN_IMPOSSIBLE: 51,
  RUN_WRONG_SEED: 52,
  RUN_TOO_FAST: 53,
  RUN_NOT_YOURS: 54,
  RUN_OUT_OF_ORDER: 55,
  RUN_CLOSED: 56,
  GUEST_INVALID: 57,
  CURSE_WRONG: 58,
  CURSE_EXPIRED: 59,
  // Wallet and whitelist (docs/product.md §16): 60–69.
  WALLET_BAD_ADDRESS: 60,
  WALLET_BAD_CHAIN: 61,
  /** The address is linked to another member. */
  WALLET_TAKEN: 62,
  WALLET_PROOF_FAILED: 63,
  WALLET_NONCE_EXPIRED: 64,
  WALLET_NOT_LINKED: 65,
  // Platform safety (hardening): 70–79.
  /** Any other request id or idempotency key sent again with a different request (a chat message's nonce…). */
  REQUEST_KEY_REUSED: 70,
  // Announcements (issue 29): 71–75.
  /** An announcement's title (1–120 characters) or body (1–500 characters of markdown) is empty or too long. */
  ANNOUNCE_TEXT_INVALID: 71,
  /** A segment that names no criterion (and not everyone), an unknown collection, or joined after ≥ before. */
  ANNOUNCE_SEGMENT_INVALID: 72,
  /** A scheduled time in the past or more than a year ahead. */
  ANNOUNCE_TIME_INVALID: 73,
  /** The announcement was already sent or cancelled: nothing is left to cancel. */
  ANNOUNCE_NOT_CANCELLABLE: 74,
  /** A send now to a segment that matches no member. */
  ANNOUNCE_NO_RECIPIENTS: 75,
  // Operator console (issue 27): 80–89.
  /** A console action asked with no operator session, or with a member's token. */
  CONSOLE_NOT_OPERATOR: 80,
  /** The operator has not enrolled or not passed the second factor in this console session. */
  CONSOLE_SECOND_FACTOR_REQUIRED: 81,
  /** The operator's role does not hold the permission the action asks for. */
  CONSOLE_FORBIDDEN: 82,
  /** A grant above the per-grant cap the admins set for the operator's role. */
  CONSOLE_GRANT_OVER_CAP: 83,
  /** The console session was idle longer than its timeout: sign in again. */
  CONSOLE_SESSION_EXPIRED: 84,
  /** The member is banned (answered to their actions and sign-in, with the reason and end). */
  MEMBER_BANNED: 85,
  /** The named account is not an operator (operator role, operator remove). */
  CONSOLE_NO_SUCH_OPERATOR: 86,
  /** The change would leave the console without an admin. */
  CONSOLE_LAST_ADMIN: 87,
  // A member's second factor and passkeys (issue 30): 90–93.
  /** A TOTP code or backup code that is wrong (or a backup code already used). */
  TWO_FACTOR_CODE_WRONG: 90,
  /** The sign-in's two-factor step expired (10 minutes) or had five wrong codes: sign in again. */
  TWO_FACTOR_CHALLENGE_OVER: 91,
  /** Ten wrong codes in a row: the account's second factor is locked for 15 minutes. */
  TWO_FACTOR_LOCKED: 92,
  /** A passkey ceremony refused: unknown passkey, expired or reused challenge, a response that does not verify. */
  PASSKEY_REFUSED: 93,
  // A member's own account (issue 30): 94–97.
  /** The password given to confirm an account change (deletion) is wrong. */
  WRONG_PASSWORD: 94,
  /** Two-factor is on: the change needs a current code (or a backup code), missing or wrong. */
  SECOND_FACTOR_CODE_REQUIRED: 95,
  /** A deletion link that is unknown, used, cancelled or expired. */
  DELETION_LINK_INVALID: 96,
  /** The account is being deleted or was deleted: it cannot sign in. */
  ACCOUNT_DELETED: 97,
  INTERNAL: 99,
  // The operators' trust model and fresh confirmations (issue 35): 66, 76–79, 88, 89, 98.
  /** The target account belongs to an operator of equal or higher rank (admins alone act on admins). */
  CONSOLE_TARGET_OUTRANKS: 88,
  /** A lever aimed at the operator's own account (a grant, a ban…). */
  CONSOLE_OWN_ACCOUNT: 89,
  /** The change needs a fresh confirmation (password, and the code when two-factor is on) within the last 5 minutes. */
  CONFIRMATION_REQUIRED: 76,
  /** This TOTP code was already accepted for the account: wait for the next one (RFC 6238 §5.2). */
  TWO_FACTOR_CODE_USED: 77,
  /** The grant would take the operator past their role's daily total (points and tickets, or items). */
  CONSOLE_GRANT_DAILY_CAP: 78,
  /** Grants go to no banned member and no deleted (or being deleted) account. */
  GRANT_TARGET_UNAVAILABLE: 79,
  /** A passkey ceremony without user verification (the device's PIN or biometric). */
  PASSKEY_USER_VERIFICATION_REQUIRED: 98,
  /** A console token on a member endpoint: console sessions act in the console only. */
  CONSOLE_TOKEN_CONSOLE_ONLY: 66,
  // The console, round 3 (issue 38): 67.
  /**
   * operator add / operatorAdd of an email that is already an operator's: nothing changed, nothing
   * mailed (pOperator: who they are and their role); a role changes only through operator role.
   */
  CONSOLE_OPERATOR_EXISTS: 67,
  // Trading and gifts (issue 39): 28, 29, 68, 69.
  /** The member may not trade yet or at all: an account under iTradeMinAccountDays, unverified or banned (sMessage says which, of which side). */
  TRADE_NOT_ALLOWED: 28,
  /** The offer is no longer open (accepted, declined, cancelled, expired, replaced) or the hold is over: sMessage says which. */
  TRADE_NOT_OPEN: 29,
  /** An item of the offer changed hands, or is held by another trade, since the offer was made: it can never complete. */
  TRADE_ITEMS_MOVED: 68,
  /** An accept's idempotency key sent again for another offer. */
  TRADE_KEY_REUSED: 69,
  /** docs/product.md §4: a registration call that returns nothing. Set by the client, never sent. */
  NO_RESPONSE: 104,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];
