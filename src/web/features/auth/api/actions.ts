import type { Answer } from '../../../../protocol/actions';
import type { CheckUserNameAnswer, RegisterUserAnswer, UserVerifiedAnswer } from '../../../../protocol/identity';
import { portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';
import type { RegistrationFields } from '../model/flows';

const token = () => getAuthState().token;

export const checkUserName = (sUserName: string) => portal<CheckUserNameAnswer>('checkUserName', { sUserName });

export const registerUser = (fields: RegistrationFields) =>
  portal<RegisterUserAnswer>('registerUser', { ...fields }, { token: token() });

export const userVerified = () => portal<UserVerifiedAnswer>('userVerified', {}, { token: token() });

export const sendVerificationEmail = () => portal<Answer>('sendVerificationEmail', {}, { token: token() });

export const sendPasswordResetEmail = (sEmail: string) => portal<Answer>('sendPasswordResetEmail', { sEmail });
