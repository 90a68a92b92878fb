import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../src/server/mail/index';
import {
  MAIL_RETRIES,
  MAIL_RETRY_PAGE,
  type MailLog,
  retryAfterMs,
  retryingMailer,
  sendDueMail,
} from '../../src/server/mail/retry';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';

/** nodemailer's errors, as mail/index.ts's sendFailure reads them. */
const DEFERRED = () => Object.assign(new Error('451 try again later'), { command: 'RCPT TO', responseCode: 451 });
const REFUSED = () => Object.assign(new Error('550 no such mailbox'), { command: 'RCPT TO', responseCode: 550 });
const UNREACHABLE = () =>
  Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', originalCode: 'ECONNREFUSED' });

/** A mail server whose answer the test sets: `fail` returns the error to throw for a message, or nothing. */
function fakeServer(fail: (message: MailMessage) => Error | undefined = () => undefined, delayMs = 0) {
  const delivered: string[] = [];
  let attempts = 0;
  const mailer: Mailer = {
    async send(message) {
      attempts += 1;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const error = fail(message);
      if (error) throw error;
      delivered.push(message.to);
    },
  };
  return { mailer, delivered, attempts: () => attempts };
}

const mail = (to: string): MailMessage => ({
  to,
  subject: 'Verify your email',
  text: `hi ${to}`,
  html: `<p>hi ${to}</p>`,
});

describe.each(DIALECTS)('one-off mail sent again later on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  const logged: Array<{ level: string; message: string }> = [];
  const log: MailLog = {
    warn: (_o, message) => logged.push({ level: 'warn', message }),
    error: (_o, message) => logged.push({ level: 'error', message }),
  };
  const deps = () => ({ db: t.deps.db, now: () => clock.now(), log });
  const queued = () => t.deps.db.selectFrom('mail_retry').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.deps.db.deleteFrom('mail_retry').execute();
    logged.length = 0;
  });

  it('keeps a mail the server deferred or could not be reached for, and throws only a refusal', async () => {
    const server = fakeServer((m) =>
      m.to.startsWith('d') ? DEFERRED() : m.to.startsWith('u') ? UNREACHABLE() : undefined,
    );
    const mailer = retryingMailer(server.mailer, deps());
    await mailer.send(mail('ok@example.com'));
    await mailer.send(mail('deferred@example.com'));
    await mailer.send(mail('unreachable@example.com'));
    const refusing = retryingMailer(fakeServer(REFUSED).mailer, deps());
    await expect(refusing.send(mail('refused@example.com'))).rejects.toThrow('550');

    expect(server.delivered).toEqual(['ok@example.com']);
    expect(await queued()).toMatchObject([
      {
        to_address: 'deferred@example.com',
        retries: 0,
        next_at: clock.now() + retryAfterMs(0),
        text_body: 'hi deferred@example.com',
      },
      { to_address: 'unreachable@example.com', retries: 0 },
    ]);
    expect(logged.map((l) => l.level)).toEqual(['warn', 'warn']);
  });

  it('sends each mail when it is due, waits twice as long after each deferral, and gives up after the last retry', async () => {
    const server = fakeServer(() => DEFERRED());
    await retryingMailer(server.mailer, deps()).send(mail('always@example.com'));
    expect(server.attempts()).toBe(1);
    for (let retry = 0; retry < MAIL_RETRIES; retry++) {
      clock.advance(retryAfterMs(retry) - 1);
      expect(await sendDueMail(server.mailer, deps())).toEqual({ sent: 0, deferred: 0, givenUp: 0 });
      clock.advance(1);
      const round = await sendDueMail(server.mailer, deps());
      expect(server.attempts()).toBe(retry + 2);
      if (retry < MAIL_RETRIES - 1) expect(round).toEqual({ sent: 0, deferred: 1, givenUp: 0 });
      else expect(round).toEqual({ sent: 0, deferred: 0, givenUp: 1 });
    }
    // The last retry comes about an hour after the first send, when the links of account mail expire.
    const waited = Array.from({ length: MAIL_RETRIES }, (_, i) => retryAfterMs(i)).reduce((a, b) => a + b, 0);
    expect(waited).toBe(63 * 60_000);
    expect(await queued()).toEqual([]);
    expect(logged.at(-1)).toEqual({ level: 'error', message: 'mail given up' });
  });

  it('a mail server still unreachable ends the round at its first mail; once back, every mail goes once', async () => {
    let up = false;
    const server = fakeServer(() => (up ? undefined : UNREACHABLE()));
    const mailer = retryingMailer(server.mailer, deps());
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await mailer.send(mail(to));
    clock.advance(retryAfterMs(0));
    expect(await sendDueMail(server.mailer, deps())).toEqual({ sent: 0, deferred: 1, givenUp: 0 });
    expect((await queued()).map((r) => r.retries)).toEqual([1, 0, 0]);

    up = true;
    clock.advance(retryAfterMs(1));
    expect(await sendDueMail(server.mailer, deps())).toEqual({ sent: 3, deferred: 0, givenUp: 0 });
    expect(server.delivered.sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(await queued()).toEqual([]);
  });

  it('a refusal at a retry drops the mail; the others of the round still go', async () => {
    let refuse = false;
    const server = fakeServer((m) => (!refuse ? DEFERRED() : m.to.startsWith('gone') ? REFUSED() : undefined));
    const mailer = retryingMailer(server.mailer, deps());
    await mailer.send(mail('gone@example.com'));
    await mailer.send(mail('here@example.com'));
    refuse = true;
    clock.advance(retryAfterMs(0));
    expect(await sendDueMail(server.mailer, deps())).toEqual({ sent: 1, deferred: 0, givenUp: 1 });
    expect(server.delivered).toEqual(['here@example.com']);
    expect(await queued()).toEqual([]);
  });

  it(`reads a page of ${MAIL_RETRY_PAGE} at a time: ${MAIL_RETRY_PAGE * 2 + 20} due mails go in three runs`, async () => {
    const count = MAIL_RETRY_PAGE * 2 + 20;
    const now = clock.now();
    const rows = Array.from({ length: count }, (_, i) => ({
      to_address: `m${i}@example.com`,
      subject: 's',
      text_body: 't',
      html_body: 'h',
      retries: 0,
      next_at: now - count + i,
      created_at: now - 60_000,
    }));
    for (let i = 0; i < count; i += 40)
      await t.deps.db
        .insertInto('mail_retry')
        .values(rows.slice(i, i + 40))
        .execute();
    const server = fakeServer();
    const rounds = [];
    for (let i = 0; i < 4; i++) rounds.push((await sendDueMail(server.mailer, deps())).sent);
    expect(rounds).toEqual([MAIL_RETRY_PAGE, MAIL_RETRY_PAGE, 20, 0]);
    // Oldest due first.
    expect(server.delivered.slice(0, 3)).toEqual(['m0@example.com', 'm1@example.com', 'm2@example.com']);
    expect(new Set(server.delivered).size).toBe(count);
  });

  it('two runners at once (a lease that ran out mid-round) send each mail once', async () => {
    const first = fakeServer(() => DEFERRED());
    const mailer = retryingMailer(first.mailer, deps());
    for (let i = 0; i < 20; i++) await mailer.send(mail(`r${i}@example.com`));
    clock.advance(retryAfterMs(0));
    const slow = fakeServer(undefined, 5);
    const [a, b] = await Promise.all([sendDueMail(slow.mailer, deps()), sendDueMail(slow.mailer, deps())]);
    expect(a.sent + b.sent).toBe(20);
    expect(slow.delivered).toHaveLength(20);
    expect(new Set(slow.delivered).size).toBe(20);
    expect(await queued()).toEqual([]);
  });

  it('the app runs it as the leader-only job mail.retry, straight to the mail server', async () => {
    const job = t.jobs.find((j) => j.name === 'mail.retry');
    expect(job).toMatchObject({ leader: true, everyMs: 30_000 });
    // In development the mailer is the outbox: a queued mail lands there when the job runs.
    const now = clock.now();
    await t.deps.db
      .insertInto('mail_retry')
      .values({
        to_address: 'late@example.com',
        subject: 'Late',
        text_body: 'x',
        html_body: 'y',
        retries: 2,
        next_at: now,
        created_at: now,
      })
      .execute();
    await job?.run();
    const outbox = await t.deps.db.selectFrom('mail_outbox').select(['to_address', 'subject']).execute();
    expect(outbox).toContainEqual({ to_address: 'late@example.com', subject: 'Late' });
    expect(await queued()).toEqual([]);
  });
});
