import { afterEach, describe, expect, it, vi } from 'vitest';
import { passkeyCeremonyError } from './passkeyErrors';

const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('passkeyCeremonyError says why a passkey failed, in words a member can act on', () => {
  afterEach(() => vi.unstubAllGlobals());
  const browser = (secure = true, webAuthn = true) =>
    vi.stubGlobal('window', {
      location: { host: '192.168.1.20:3000' },
      isSecureContext: secure,
      PublicKeyCredential: webAuthn ? class {} : undefined,
    });

  it('names the address when the page is not at the portal’s own host name, or not https', () => {
    browser();
    const wrongHost = passkeyCeremonyError(domError('SecurityError'));
    expect(wrongHost).toMatchObject({ code: 'PASSKEY_ADDRESS' });
    expect(wrongHost.message).toContain('192.168.1.20:3000');
    expect(passkeyCeremonyError({ code: 'ERROR_INVALID_DOMAIN' }).code).toBe('PASSKEY_ADDRESS');
    browser(false);
    expect(passkeyCeremonyError(domError('NotAllowedError')).message).toContain('https');
  });

  it('names the browser, the device, or the closed prompt', () => {
    browser(true, false);
    expect(passkeyCeremonyError(new Error('x')).message).toContain('does not support passkeys');
    browser();
    expect(passkeyCeremonyError(domError('NotAllowedError')).message).toContain('closed or timed out');
    expect(passkeyCeremonyError(domError('NotSupportedError')).code).toBe('PASSKEY_DEVICE');
    expect(passkeyCeremonyError(domError('InvalidStateError')).code).toBe('PASSKEY_EXISTS');
    expect(passkeyCeremonyError(new Error('odd failure')).message).toContain('(odd failure)');
  });
});
