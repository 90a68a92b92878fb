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
  [ErrorCode.NOT_YOUR_COLLECTIBLE]: 'Pick one of your own collectibles (an avatar is one of your Agents).',
  [ErrorCode.RAFFLE_CLOSED]: 'Entries for this raffle have closed.',
  [ErrorCode.RAFFLE_NOT_OPEN]: 'This raffle is not open for entries yet.',
  [ErrorCode.NOT_ENOUGH_TICKETS]: 'You do not have that many raffle tickets.',
  [ErrorCode.RAFFLE_ENTRIES_NOT_PUBLISHED]: 'The entry list is published when the raffle closes.',
  [ErrorCode.RAFFLE_NOT_ENTERED]: 'You have no entry in this raffle.',
  [ErrorCode.RAFFLE_KEY_REUSED]: 'This entry was already made with a different number of tickets.',
  [ErrorCode.GAMEVAR_REFUSED]: 'That value is not one this game variable accepts.',
  [ErrorCode.CURSE_REFUSED]: 'That curse-breaker puzzle cannot be set.',
  [ErrorCode.STORE_CLOSED]: 'The Reward Store is closed right now. Your points are safe; please come back later.',
  [ErrorCode.SOLD_OUT]: 'Sorry, this item is sold out.',
  [ErrorCode.PURCHASE_LIMIT_REACHED]: 'You have already bought as many of this item as one member may.',
  [ErrorCode.NOT_ON_SALE_YET]: 'This item is not on sale yet.',
  [ErrorCode.NO_LONGER_ON_SALE]: 'This item is no longer on sale.',
  [ErrorCode.PURCHASE_KEY_REUSED]: 'This purchase was already made with a different item or quantity.',
  [ErrorCode.TRADE_NOT_ALLOWED]: 'This account cannot trade yet.',
  [ErrorCode.TRADE_NOT_OPEN]: 'This offer is no longer open.',
  [ErrorCode.TRADE_ITEMS_MOVED]:
    'An item of this offer has changed hands since it was made, so the offer can no longer be accepted.',
  [ErrorCode.TRADE_KEY_REUSED]: 'This accept key was already used for another offer.',
  [ErrorCode.INVITE_EXPIRED]: 'This invite code has expired. Ask for a new one.',
  [ErrorCode.RAFFLE_WRONG_STATE]: 'The raffle is not in a state that allows this.',
  [ErrorCode.UNKNOWN_TEMPLATE]: 'No collectible template has that id.',
  [ErrorCode.TIME_IN_PAST]: 'That time is already past: choose one in the future.',
  [ErrorCode.CHAT_MUTED]: 'You are muted in chat for now.',
  [ErrorCode.CHAT_SLOW_MODE]: 'Slow mode is on: please wait a moment before your next message.',
  [ErrorCode.CHAT_TOO_LONG]: 'That message is too long.',
  [ErrorCode.CHAT_CHANNEL_CLOSED]: 'That channel is closed.',
  [ErrorCode.CHAT_EDIT_WINDOW_OVER]: 'Messages can only be changed for a few minutes after sending.',
  [ErrorCode.CHAT_EMPTY]: 'Write something first.',
  [ErrorCode.STORE_ITEM_INVALID]: 'The store cannot take that item: a value is not valid.',
  [ErrorCode.STORE_ITEM_EXISTS]: 'There is a store item with that id already.',
  [ErrorCode.CHAT_CHANNEL_INVALID]: 'Chat cannot take that channel change: a value is not valid.',
  [ErrorCode.CHAT_CHANNEL_EXISTS]: 'There is a channel with that id already.',
  [ErrorCode.RUN_FORGED]: 'That run does not replay to the state it claims.',
  [ErrorCode.RUN_IMPOSSIBLE]: 'That run holds inputs the game cannot produce.',
  [ErrorCode.RUN_WRONG_SEED]: "That run was played on another run's seed.",
  [ErrorCode.RUN_TOO_FAST]: 'That run arrived faster than it can be played.',
  [ErrorCode.RUN_NOT_YOURS]: 'That run belongs to another player.',
  [ErrorCode.RUN_OUT_OF_ORDER]: 'That part of the run is out of order.',
  [ErrorCode.RUN_CLOSED]: 'That run has already ended.',
  [ErrorCode.GUEST_INVALID]: 'That guest player is unknown or already claimed.',
  [ErrorCode.CURSE_WRONG]: 'That is not the answer. The curse holds.',
  [ErrorCode.CURSE_EXPIRED]: "That week's curse has ended.",
  [ErrorCode.WALLET_BAD_ADDRESS]: 'That is not a valid wallet address (check its capital letters).',
  [ErrorCode.WALLET_BAD_CHAIN]: 'That network is not one the portal supports.',
  [ErrorCode.WALLET_TAKEN]: 'That wallet is already linked to another member.',
  [ErrorCode.WALLET_PROOF_FAILED]: 'The signature does not prove that wallet is yours.',
  [ErrorCode.WALLET_NONCE_EXPIRED]: 'That signing request has expired or was used. Please connect again.',
  [ErrorCode.WALLET_NOT_LINKED]: 'No wallet is linked to your account.',
  [ErrorCode.REQUEST_KEY_REUSED]: 'That request was already sent with different details. Please try again.',
  [ErrorCode.ANNOUNCE_TEXT_INVALID]:
    'Give the announcement a title of 1–120 characters and a body of 1–500 characters.',
  [ErrorCode.ANNOUNCE_SEGMENT_INVALID]:
    'Choose everyone, or at least one criterion that can match (a known collection, joined after before joined before).',
  [ErrorCode.ANNOUNCE_TIME_INVALID]: 'Choose a time in the future, at most a year from now.',
  [ErrorCode.ANNOUNCE_NOT_CANCELLABLE]: 'This announcement was already sent or cancelled.',
  [ErrorCode.ANNOUNCE_NO_RECIPIENTS]: 'No member matches these criteria now, so there is no one to send it to.',
  [ErrorCode.CONSOLE_NOT_OPERATOR]: 'Please sign in to the console as an operator.',
  [ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED]: 'Please confirm your sign-in with your authenticator code first.',
  [ErrorCode.CONSOLE_FORBIDDEN]: 'Your role does not allow this.',
  [ErrorCode.CONSOLE_GRANT_OVER_CAP]: 'That grant is above the cap for your role.',
  [ErrorCode.CONSOLE_SESSION_EXPIRED]: 'Your console session timed out. Please sign in again.',
  [ErrorCode.MEMBER_BANNED]: 'This account is suspended.',
  [ErrorCode.CONSOLE_NO_SUCH_OPERATOR]: 'No operator has that email.',
  [ErrorCode.CONSOLE_LAST_ADMIN]: 'The console must keep at least one admin.',
  [ErrorCode.TWO_FACTOR_CODE_WRONG]: 'That code is not right. Check your authenticator app and try again.',
  [ErrorCode.TWO_FACTOR_CHALLENGE_OVER]: 'This sign-in has expired or had too many wrong codes. Please log in again.',
  [ErrorCode.TWO_FACTOR_LOCKED]: 'Too many wrong codes: two-factor sign-in is locked for 15 minutes.',
  [ErrorCode.PASSKEY_REFUSED]: 'That passkey could not be used. Please try again or log in with your password.',
  [ErrorCode.WRONG_PASSWORD]: 'That password is not right.',
  [ErrorCode.SECOND_FACTOR_CODE_REQUIRED]: 'Enter a current code from your authenticator app (or a backup code).',
  [ErrorCode.DELETION_LINK_INVALID]: 'This deletion link is no longer valid. Ask for a new one from your account.',
  [ErrorCode.ACCOUNT_DELETED]: 'This account has been deleted.',
  [ErrorCode.CONSOLE_OPERATOR_EXISTS]:
    'That email is already an operator: nothing changed. Change their role from the list if that is what you meant.',
  [ErrorCode.CONSOLE_TARGET_OUTRANKS]:
    'That account belongs to an operator of your rank or higher: ask an admin (an admin acts on another admin).',
  [ErrorCode.CONSOLE_OWN_ACCOUNT]: 'Operators do not use levers on their own account: ask another operator.',
  [ErrorCode.CONFIRMATION_REQUIRED]:
    'Please confirm it is you: enter your password (and a code when two-factor is on), then try again.',
  [ErrorCode.TWO_FACTOR_CODE_USED]: 'That code was used already. Wait for the next code in your authenticator app.',
  [ErrorCode.CONSOLE_GRANT_DAILY_CAP]: "That grant would go past your role's daily total. Ask an admin.",
  [ErrorCode.GRANT_TARGET_UNAVAILABLE]: 'This member is banned or their account was deleted: nothing can be granted.',
  [ErrorCode.PASSKEY_USER_VERIFICATION_REQUIRED]:
    "That passkey did not check it was you (no PIN or biometric). Use your device's unlock and try again.",
  [ErrorCode.CONSOLE_TOKEN_CONSOLE_ONLY]:
    'A console session works in the console only. Sign in to the portal as a member to do this.',
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
