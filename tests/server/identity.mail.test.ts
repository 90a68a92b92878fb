import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { createAuthMail, isEmailChangeToken } from '../../src/server/features/identity/mail';
import type { MailMessage } from '../../src/server/mail/index';
import { escapeHtml, renderActionMail } from '../../src/server/mail/layout';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { auth, closeTestApp, ROOMY_LIMITS, signUp, uniqueEmail } from './identityHelpers';

const jwtWith = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;

describe('identity mail templates', () => {
  it('escapes every value put into the HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const mail = renderActionMail({
      to: 'a@b.c',
      subject: 'S <1>',
      heading: 'H <2>',
      lines: ['L <script>alert(1)</script>'],
      buttonLabel: 'B "3"',
      link: 'https://portal.example/authaction?mode=verifyEmail&token=a"><script>',
      footnote: 'F <4>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('L &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain(
      'href="https://portal.example/authaction?mode=verifyEmail&amp;token=a&quot;&gt;&lt;script&gt;"',
    );
    expect(mail.text).toContain('L <script>alert(1)</script>');
  });

  it('renders the three account mails in the portal look with /authaction links', async () => {
    const sent: MailMessage[] = [];
    const mail = createAuthMail({ send: async (m) => void sent.push(m) }, 'https://portal.example');
    await mail.verifyEmail('a@example.com', 'tok1');
    await mail.resetPassword('a@example.com', 'tok2');
    await mail.changeEmail('new@example.com', 'tok3');
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['a@example.com', 'Verify your email'],
      ['a@example.com', 'Reset your password'],
      ['new@example.com', 'Confirm your new email'],
    ]);
    const modes = ['verifyEmail', 'resetPassword', 'verifyAndChangeEmail'];
    sent.forEach((m, i) => {
      const link = `https://portal.example/authaction?mode=${modes[i]}&token=tok${i + 1}`;
      expect(m.text).toContain(link);
      expect(m.html).toContain(escapeHtml(link));
      expect(m.html).toMatch(/background:#0b1014/);
      expect(m.html).toMatch(/color:#e8e2d0/);
      expect(m.html).toMatch(/background:#4fd1a5/);
      expect(m.html).not.toMatch(/<style|<script|class=/i);
      expect(m.text).toContain('The link works once and expires in one hour.');
    });
  });

  it('tells email-change tokens from verification tokens', () => {
    expect(isEmailChangeToken(jwtWith({ email: 'a@b.c', updateTo: 'd@e.f' }))).toBe(true);
    expect(isEmailChangeToken(jwtWith({ email: 'a@b.c' }))).toBe(false);
    expect(isEmailChangeToken('not-a-jwt')).toBe(false);
    expect(isEmailChangeToken('a.%%%.b')).toBe(false);
  });
});

/** Undoes quoted-printable (soft breaks and =XX) so assertions can read the message. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe.each(DIALECTS)('identity mail over SMTP on %s', (dialect) => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: Array<{ from: string; to: string[]; message: string }> = [];
  /** Addresses starting "grey" are greylisted: their first RCPT is answered 451; "nobody" ones get 550. */
  const asked = new Map<string, number>();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const to = address.address.toLowerCase();
        const n = (asked.get(to) ?? 0) + 1;
        asked.set(to, n);
        const no = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
        if (to.startsWith('nobody')) return no(550, 'No such mailbox');
        if (to.startsWith('grey') && n === 1) return no(451, 'Greylisted, try again later');
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            message: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp(dialect, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Cthulhu Portal <no-reply@portal.test>' },
      config: { rateLimits: ROOMY_LIMITS },
    });
  });
  afterAll(async () => {
    await closeTestApp(t);
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the verification email through nodemailer to a real SMTP server', async () => {
    const email = uniqueEmail('smtp');
    const token = await signUp(t, email);
    await t.call('registerUser', { sUserName: `smtp_${dialect}` }, token);
    expect(await t.call('sendVerificationEmail', {}, token)).toEqual({ iErrorCode: 0 });

    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail?.from).toBe('no-reply@portal.test');
    expect(mail?.message).toMatch(/^Subject: Verify your email/m);
    expect(mail?.message).toMatch(/Content-Type: text\/plain/);
    expect(mail?.message).toMatch(/Content-Type: text\/html/);
    expect(mail?.message).toContain('http://localhost:3000/authaction?mode=verifyEmail&token=');
    expect(mail?.message).toContain('#0b1014');
    // SMTP mode keeps nothing in the dev outbox.
    expect(await t.deps.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0);
  });

  it('a verification email the mail server greylists (451) is sent again by the mail.retry job, once, and its link verifies', async () => {
    const email = uniqueEmail('grey');
    const token = await signUp(t, email);
    await t.call('registerUser', { sUserName: `grey_${dialect}` }, token);
    // The member is told the mail is on its way: the server took it in its queue, not the mail server.
    expect(await t.call('sendVerificationEmail', {}, token)).toEqual({ iErrorCode: 0 });
    expect(asked.get(email)).toBe(1);
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(0);
    const queued = await t.deps.db.selectFrom('mail_retry').selectAll().where('to_address', '=', email).execute();
    expect(queued).toMatchObject([{ subject: 'Verify your email', retries: 0 }]);

    const job = t.jobs.find((j) => j.name === 'mail.retry');
    // Before its time nothing is tried; once it is due, the job sends it.
    await job?.run();
    expect(asked.get(email)).toBe(1);
    await t.deps.db.updateTable('mail_retry').set({ next_at: 0 }).where('to_address', '=', email).execute();
    await job?.run();
    await job?.run();
    const mails = received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(await t.deps.db.selectFrom('mail_retry').select('id').where('to_address', '=', email).execute()).toEqual([]);

    const linkToken = /authaction\?mode=verifyEmail&token=([\w.-]+)/.exec(mails[0]?.message ?? '')?.[1] ?? '';
    expect((await auth(t, `/verify-email?token=${encodeURIComponent(linkToken)}`)).status).toBeLessThan(400);
    expect(await t.call('userVerified', {}, token)).toMatchObject({ iErrorCode: 0, bVerified: true });
  });

  it('a mail the server refuses for good (550) is not queued: the member is told it failed', async () => {
    const email = uniqueEmail('nobody');
    const token = await signUp(t, email);
    await t.call('registerUser', { sUserName: `nobody_${dialect}` }, token);
    expect(await t.call('sendVerificationEmail', {}, token)).toMatchObject({ iErrorCode: ErrorCode.INTERNAL });
    expect(await t.deps.db.selectFrom('mail_retry').select('id').where('to_address', '=', email).execute()).toEqual([]);
  });
});
