import type { ConsoleRole } from '../../../protocol/console';
import type { Mailer } from '../../mail/index';
import { renderActionMail } from '../../mail/layout';

/** Where the mailed link lands: the console's welcome screen, which sets the password and enrols TOTP. */
export function operatorWelcomeLink(publicUrl: string, token: string): string {
  const url = new URL('/console/welcome', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function sendOperatorWelcome(
  mail: { mailer: Mailer; publicUrl: string },
  to: string,
  role: ConsoleRole,
  token: string,
): Promise<void> {
  return mail.mailer.send(
    renderActionMail({
      to,
      subject: 'Your operator console account',
      heading: 'Set your password',
      lines: [
        `You are an operator of the portal's console, role ${role}.`,
        'Set a password, then enrol an authenticator app: the console asks for its code at every sign-in.',
      ],
      buttonLabel: 'Set password',
      link: operatorWelcomeLink(mail.publicUrl, token),
      footnote: 'The link works once and expires in 24 hours.',
    }),
  );
}
