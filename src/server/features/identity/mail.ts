import type { Mailer } from '../../mail/index';
import { renderActionMail } from '../../mail/layout';

/** The account emails Better Auth asks for; each link lands on the web app's /authaction screen. */
export interface AuthMail {
  verifyEmail(to: string, token: string): Promise<void>;
  resetPassword(to: string, token: string): Promise<void>;
  /** Sent to the NEW address; the link changes the account's email once used. */
  changeEmail(to: string, token: string): Promise<void>;
  /** Sent to the OLD address when a change is asked: what is happening, and "this wasn't me". */
  emailChangeNotice(to: string, newAddress: string): Promise<void>;
  /** After the password changed (from /account or a reset link): "this wasn't me" leads to a reset. */
  passwordChanged(to: string): Promise<void>;
}

export type AuthActionMode = 'verifyEmail' | 'resetPassword' | 'verifyAndChangeEmail' | 'confirmDeletion';

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
  return emailChangeOf(token) !== null;
}

/** The addresses an email-change token names (old `email`, new `updateTo`), or null for any other token. */
export function emailChangeOf(token: string): { from: string; to: string } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      updateTo?: unknown;
      email?: unknown;
    };
    if (typeof claims.updateTo !== 'string' || claims.updateTo === '') return null;
    return { from: typeof claims.email === 'string' ? claims.email : '', to: claims.updateTo };
  } catch {
    return null;
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
    emailChangeNotice: (to, newAddress) =>
      mailer.send(
        renderActionMail({
          to,
          subject: 'Your portal email is being changed',
          heading: 'A change of address was asked',
          lines: [
            `Someone signed in to your portal account asked to move it to ${newAddress}.`,
            'Nothing changes until the link sent there is used. If this was you, there is nothing to do.',
            "If this wasn't you, choose a new password now: it signs out every device, and the change cannot be confirmed from them.",
          ],
          buttonLabel: "This wasn't me",
          link: new URL('/forgotpassword', publicUrl).toString(),
          footnote: 'You get this email at your current address so that a change never happens behind your back.',
        }),
      ),
    passwordChanged: (to) =>
      mailer.send(
        renderActionMail({
          to,
          subject: 'Your portal password was changed',
          heading: 'Your password was changed',
          lines: [
            'The password of your portal account was just changed, and every other device was signed out.',
            'If this was you, there is nothing to do.',
            "If this wasn't you, choose a new password now with the button below, then check the email address on your account.",
          ],
          buttonLabel: "This wasn't me",
          link: new URL('/forgotpassword', publicUrl).toString(),
          footnote: 'We send this to the account’s address whenever its password changes.',
        }),
      ),
  };
}
