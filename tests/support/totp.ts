import { createHmac } from 'node:crypto';

/**
 * TOTP codes as an authenticator app computes them (RFC 6238: HMAC-SHA1, 30 s, 6 digits), from the
 * base32 secret of an otpauth URI. No server import: the browser tests use it too.
 */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The TOTP code of a base32 secret at a time (RFC 6238). */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** The steps each secret's codes were handed out for (freshTotp). */
const handedOut = new Map<string, Set<number>>();

/**
 * A code the server has not accepted yet for this secret (issue 35: each code works once): the
 * current step's, else the next one's or (early in a step) the previous one's: the server accepts ±1 step.
 */
export function freshTotp(secret: string, at = Date.now()): string {
  const used = handedOut.get(secret) ?? new Set<number>();
  handedOut.set(secret, used);
  const step = Math.floor(at / 30_000);
  // The previous step's code stays valid only until the current step ends: used early in a step only.
  const previousStillGood = at - step * 30_000 < 15_000;
  for (const candidate of previousStillGood ? [step, step + 1, step - 1] : [step, step + 1]) {
    if (used.has(candidate)) continue;
    used.add(candidate);
    return totp(secret, candidate * 30_000);
  }
  throw new Error('three codes of this secret were used within a minute: wait for the next step');
}
