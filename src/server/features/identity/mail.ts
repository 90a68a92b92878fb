import type { Mailer } from '../../mail/index';
import { renderActionMail } from '../../mail/layout';

/** The account emails Better Auth asks for; each link lands on the web app's /authaction screen. */
export interface AuthMail {
  verifyEmail(to: string, token: string): Promise<void>;
  resetPassword(to: string, token: string): Promise<void>;
  /** Sent to the NEW address; the link changes the account's email once used. */
  changeEmail(to: string, token: string): Promise<void>;
}

export type AuthActionMode = 'verifyEmail' | 'resetPassword' | 'verifyAndChangeEmail';

export function authActionLink(publicUrl: string, mode: AuthActionMode, token: string): string {
  const url = new URL('/authaction', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Better Auth sends email-change links through its verification hook too; they are JWTs whose
 * payload names the new address (`updateTo`). Only the template is chosen here: Better Auth
 * checks the signature when the link is used.
 */
export function isEmailChangeToken(token: string): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { updateTo?: unknown };
    return typeof claims.updateTo === 'string' && claims.updateTo !== '';
  } catch {
    return false;
  }
}

const ONE_HOUR_ONCE = 'The link works once and expires in one hour.';

export function createAuthMail(mailer: Mailer, publicUrl: string): AuthMail {
  return {
    verifyEmail: (to, token) =>
      mailer.send(
        renderActionMail({
          to,
          subject: 'Verify your email',
          heading: 'Confirm your address',
          lines: ['Welcome, seeker. Confirm your address to enter the portal.'],
          buttonLabel: 'Verify email',
          link: authActionLink(publicUrl, 'verifyEmail', token),
          footnote: `${ONE_HOUR_ONCE} If you did not sign up, ignore this email.`,
        }),
      ),
    resetPassword: (to, token) =>
      mailer.send(
        renderActionMail({
          to,
          subject: 'Reset your password',
          heading: 'Choose a new password',
          lines: [
            'Someone asked to reset the password of this account.',
            'Choosing a new password signs out every other device.',
          ],
          buttonLabel: 'Choose a new password',
          link: authActionLink(publicUrl, 'resetPassword', token),
          footnote: `${ONE_HOUR_ONCE} If it was not you, ignore this email: your password stays as it is.`,
        }),
      ),
    changeEmail: (to, token) =>
      mailer.send(
        renderActionMail({
          to,
          subject: 'Confirm your new email',
          heading: 'Confirm your new address',
          lines: [`Confirm that ${to} is your new address for the portal.`],
          buttonLabel: 'Confirm email',
          link: authActionLink(publicUrl, 'verifyAndChangeEmail', token),
          footnote: `${ONE_HOUR_ONCE} If you did not ask for this change, ignore this email.`,
        }),
      ),
  };
}
