import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './session';

const secret = 'a-test-secret-a-test-secret-a-test-secret';
const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('bearerToken (as Better Auth signs it)', () => {
  it('accepts a signed token, URI-encoded or not, and a bare one', () => {
    expect(bearerToken(`Bearer ${sign('abc123')}`, secret)).toBe('abc123');
    expect(bearerToken(`bearer ${encodeURIComponent(sign('abc123'))}`, secret)).toBe('abc123');
    expect(bearerToken('Bearer abc123', secret)).toBe('abc123');
  });
  it('refuses a wrong signature', () => {
    expect(
      bearerToken(`Bearer abc123.${createHmac('sha256', 'other').update('abc123').digest('base64')}`, secret),
    ).toBeNull();
    expect(bearerToken('Bearer abc123.bogus', secret)).toBeNull();
    expect(bearerToken(`Bearer ${sign('abc123').replace('abc123', 'abc124')}`, secret)).toBeNull();
  });
  it('is undefined without a bearer header', () => {
    expect(bearerToken(undefined, secret)).toBeUndefined();
    expect(bearerToken('Basic xyz', secret)).toBeUndefined();
    expect(bearerToken('Bearer   ', secret)).toBeUndefined();
  });
});
