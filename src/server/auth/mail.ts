import type { Mailer } from '../mail/index';

/** The account emails Better Auth asks for; each link lands on the web app's /authaction screen. */
export interface AuthMail {
  verifyEmail(to: string, token: string): Promise<void>;
  resetPassword(to: string, token: string): Promise<void>;
  changeEmail(to: string, token: string): Promise<void>;
}

export function authActionLink(publicUrl: string, mode: string, token: string): string {
  const url = new URL('/authaction', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('token', token);
  return url.toString();
}

export function createAuthMail(mailer: Mailer, publicUrl: string): AuthMail {
  const send = (to: string, subject: string, intro: string, label: string, link: string) =>
    mailer.send({
      to,
      subject,
      text: `${intro}\n\n${label}: ${link}\n\nThe link works once and expires in one hour.`,
      html: `<p>${intro}</p><p><a href="${link}">${label}</a></p><p>The link works once and expires in one hour.</p>`,
    });
  return {
    verifyEmail: (to, token) =>
      send(
        to,
        'Verify your email',
        'Welcome, seeker. Confirm your address to enter the portal.',
        'Verify email',
        authActionLink(publicUrl, 'verifyEmail', token),
      ),
    resetPassword: (to, token) =>
      send(
        to,
        'Reset your password',
        'Someone asked to reset the password of this account.',
        'Choose a new password',
        authActionLink(publicUrl, 'resetPassword', token),
      ),
    changeEmail: (to, token) =>
      send(
        to,
        'Confirm your new email',
        'Confirm that this is your new address for the portal.',
        'Confirm email',
        authActionLink(publicUrl, 'verifyAndChangeEmail', token),
      ),
  };
}
