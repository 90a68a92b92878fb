import type { Answer } from '../../../../protocol/actions';
import type { CheckUserNameAnswer, RegisterUserAnswer, UserVerifiedAnswer } from '../../../../protocol/identity';
import { portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';
import type { RegistrationFields } from '../model/flows';

const token = () => getAuthState().token;

export const checkUserName = (sUserName: string) => portal<CheckUserNameAnswer>('checkUserName', { sUserName });

/** registerUser with this tab's session, or with a session it has not adopted yet. */
export const registerUser = (fields: RegistrationFields, bearer: string | null = token()) =>
  portal<RegisterUserAnswer>('registerUser', { ...fields }, { token: bearer });

export const userVerified = () => portal<UserVerifiedAnswer>('userVerified', {}, { token: token() });

export const sendVerificationEmail = () => portal<Answer>('sendVerificationEmail', {}, { token: token() });

export const sendPasswordResetEmail = (sEmail: string) => portal<Answer>('sendPasswordResetEmail', { sEmail });
