import { describe, expect, it } from 'vitest';
import { sendFailure } from './index';

/** nodemailer's errors as its SMTP connection shapes them (code, command, responseCode, originalCode, timeoutType). */
const failed = (fields: Record<string, unknown>) => Object.assign(new Error('send failed'), fields);

describe('sendFailure', () => {
  it('a no to the recipient or the message: permanent refused, temporary deferred', () => {
    expect(sendFailure(failed({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 }))).toBe('refused');
    expect(sendFailure(failed({ code: 'EMESSAGE', command: 'DATA', responseCode: 554 }))).toBe('refused');
    expect(sendFailure(failed({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451 }))).toBe('deferred');
    expect(sendFailure(failed({ code: 'EMESSAGE', command: 'DATA', responseCode: 452 }))).toBe('deferred');
  });

  it('nothing handed over: no connection, no greeting, no login, or a no to the session itself', () => {
    for (const fields of [
      { code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN' },
      { code: 'EDNS', originalCode: 'ENOTFOUND', command: 'CONN' },
      { code: 'ETIMEDOUT', timeoutType: 'CONNECT_TIMEOUT', command: 'CONN' },
      { code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT', command: 'CONN' },
      { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 },
      { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 553 },
      { code: 'ECONNECTION', command: 'CONN', responseCode: 421 },
      { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 421 },
    ])
      expect(sendFailure(failed(fields))).toBe('unreachable');
  });

  it('the connection broken during the transfer, or anything else: the mail may have left', () => {
    expect(sendFailure(failed({ code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT', command: 'CONN' }))).toBe('unknown');
    expect(sendFailure(failed({ code: 'ESOCKET', originalCode: 'ECONNRESET', command: 'CONN' }))).toBe('unknown');
    expect(sendFailure(new Error('smtp down'))).toBe('unknown');
    expect(sendFailure(undefined)).toBe('unknown');
  });
});
