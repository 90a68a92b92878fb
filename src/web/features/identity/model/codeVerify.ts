/** docs/product.md §4 code verify state: 0 initial, 1 valid (email stored), -1 invalid or absent. */
export const CodeVerifyState = { INITIAL: 0, VALID: 1, INVALID: -1 } as const;
export type CodeVerifyStateValue = (typeof CodeVerifyState)[keyof typeof CodeVerifyState];

export interface CodeStatus {
  iCodeVerifyState: CodeVerifyStateValue;
  sCode: string;
  /** The email the invite is bound to ('' when unbound). */
  sEmail: string;
}

export const initialCodeStatus: CodeStatus = { iCodeVerifyState: CodeVerifyState.INITIAL, sCode: '', sEmail: '' };

/** The state after a verifyCode answer (null: the call failed) for `sCode`; no code at all is -1. */
export function codeStatusFrom(sCode: string, answer: { iErrorCode: number; sEmail?: string } | null): CodeStatus {
  if (!sCode) return { iCodeVerifyState: CodeVerifyState.INVALID, sCode: '', sEmail: '' };
  if (answer?.iErrorCode === 0) return { iCodeVerifyState: CodeVerifyState.VALID, sCode, sEmail: answer.sEmail ?? '' };
  return { iCodeVerifyState: CodeVerifyState.INVALID, sCode, sEmail: '' };
}
