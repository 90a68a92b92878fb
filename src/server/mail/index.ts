import nodemailer from 'nodemailer';
import type { PlatformDb } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Every absolute http(s) link in a message, in order, without repeats (dev outbox and tests follow them). */
export function extractLinks(message: Pick<MailMessage, 'text' | 'html'>): string[] {
  const found = `${message.text}\n${message.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/&amp;/g, '&')))];
}

/** Development default: mail is stored in the database and listed at GET /api/dev/outbox. */
export function outboxMailer(db: PlatformDb, now: () => number): Mailer {
  return {
    async send(message) {
      await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          links: JSON.stringify(extractLinks(message)),
          created_at: now(),
        })
        .execute();
    },
  };
}

/** Connections of the server's pooled SMTP transport; the announcement mail keeps this many in flight. */
export const SMTP_CONNECTIONS = 8;

/**
 * A mail server that stops answering fails the send within these, well inside the announcements'
 * mail lease (MAIL_LEASE_MS, two minutes): a live round of mail always ends before it is claimed again.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * What a failed send says about its mail, from nodemailer's error:
 * - `refused`: the mail server answered its recipient or message with a permanent no (5xx);
 * - `deferred`: it answered its recipient or message with a temporary no (4xx), greylisting say;
 * - `unreachable`: nothing was handed over (no connection, no greeting, the login failed, or the
 *   server answered the session itself with a no): the next mail would fail alike;
 * - `unknown`: the connection ended during the transfer: the mail may have left.
 * Only `unknown` may have reached the member.
 */
export type SendFailure = 'refused' | 'deferred' | 'unreachable' | 'unknown';

const ABOUT_THE_MAIL = new Set(['RCPT TO', 'DATA']);
/** The socket's own errors before a connection existed. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const BEFORE_THE_SESSION = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);

export function sendFailure(error: unknown): SendFailure {
  const e = (error ?? {}) as {
    responseCode?: number;
    command?: string;
    code?: string;
    originalCode?: string;
    timeoutType?: string;
  };
  const command = e.command ?? '';
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) {
    // 421: the server closes the session; it took nothing since its last yes.
    if (!ABOUT_THE_MAIL.has(command) || e.responseCode === 421) return 'unreachable';
    return e.responseCode >= 500 ? 'refused' : 'deferred';
  }
  if (
    e.code === 'EDNS' ||
    e.code === 'EAUTH' ||
    e.code === 'ENOAUTH' ||
    command.startsWith('AUTH') ||
    NEVER_CONNECTED.has(e.originalCode ?? e.code ?? '') ||
    BEFORE_THE_SESSION.has(e.timeoutType ?? '')
  )
    return 'unreachable';
  return 'unknown';
}

export interface SmtpMailer extends Mailer {
  /** Ends the pooled connections (the server's close); nothing to do for a one-off transport. */
  close(): void;
}

/**
 * Production: SMTP through nodemailer (SMTP_URL such as smtp://user:pass@host:587). `pooled`: the
 * server keeps up to SMTP_CONNECTIONS connections open and reuses them, instead of a connection
 * (and its greeting) per mail; a CLI sending one mail does without, so it exits at once.
 */
export function smtpMailer(smtpUrl: string, from: string, options: { pooled?: boolean } = {}): SmtpMailer {
  const transport = options.pooled
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

export async function listOutbox(db: PlatformDb, limit = 200) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'links', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: JSON.parse(row.links) as string[],
    createdAt: row.created_at,
  }));
}
