import { ErrorCode } from '../../../../protocol/errors';

/** docs/product.md §4 iLoginState: 0 default, 1 logging in, 2 success, 3 failed (already registered), 100 failed (unknown). */
export const LoginState = { DEFAULT: 0, LOGGING_IN: 1, SUCCESS: 2, ALREADY_REGISTERED: 3, FAILED: 100 } as const;
export type LoginStateValue = (typeof LoginState)[keyof typeof LoginState];

export interface LoginStatus {
  iLoginState: LoginStateValue;
  /** The last server answer's code (104 when registration returned nothing). */
  iErrorCode: number;
}

export type LoginEvent =
  | { type: 'loginStarted' }
  | { type: 'registerStarted' }
  /** The sign-in change after a password login. */
  | { type: 'signedIn' }
  | { type: 'loginFailed' }
  /** Account creation said "email in use" and the login with the same credentials failed too. */
  | { type: 'alreadyRegistered' }
  | { type: 'registerFailed' }
  /** The server registration call's answer (null: it returned nothing). */
  | { type: 'registrationAnswered'; answer: { iErrorCode: number } | null }
  | { type: 'signedOut' };

export const initialLoginStatus: LoginStatus = { iLoginState: LoginState.DEFAULT, iErrorCode: ErrorCode.OK };

export function loginReducer(status: LoginStatus, event: LoginEvent): LoginStatus {
  switch (event.type) {
    case 'loginStarted':
    case 'registerStarted':
      return { iLoginState: LoginState.LOGGING_IN, iErrorCode: ErrorCode.OK };
    case 'signedIn':
      return { ...status, iLoginState: LoginState.SUCCESS };
    case 'loginFailed':
    case 'registerFailed':
      return { ...status, iLoginState: LoginState.FAILED };
    case 'alreadyRegistered':
      return { ...status, iLoginState: LoginState.ALREADY_REGISTERED };
    case 'registrationAnswered': {
      if (!event.answer) return { iLoginState: LoginState.FAILED, iErrorCode: ErrorCode.NO_RESPONSE };
      const code = event.answer.iErrorCode;
      return { iLoginState: code === ErrorCode.OK ? LoginState.SUCCESS : LoginState.FAILED, iErrorCode: code };
    }
    case 'signedOut':
      return { iLoginState: LoginState.DEFAULT, iErrorCode: status.iErrorCode };
  }
}
