import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey for server tests (issue 35): registration and authentication responses as a
 * browser would send them (attestation "none", ES256), with the user-verification flag on or off.
 */
const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** The bits of CBOR (RFC 8949) an attestation object needs: maps, integers, byte and text strings. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error('cbor: unsupported value');
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
}

export function softPasskey(): SoftPasskey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: randomBytes(16), privateKey, counter: 0 };
}

function coseKey(key: SoftPasskey): Buffer {
  const jwk = key.privateKey.export({ format: 'jwk' }) as { x: string; y: string };
  return cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

function counterBytes(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** The registration response to options `{challenge}` for `rpId` and `origin`; `uv`: the person was verified. */
export function registrationResponse(
  key: SoftPasskey,
  options: { challenge: string; rpId: string; origin: string; uv: boolean },
) {
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: options.origin }),
  );
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(key.credentialId.length);
  const authData = Buffer.concat([
    sha256(options.rpId),
    Buffer.from([UP | AT | (options.uv ? UV : 0)]),
    counterBytes(0),
    Buffer.alloc(16),
    idLength,
    key.credentialId,
    coseKey(key),
  ]);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

/** The authentication response to options `{challenge}`; `uv`: the person was verified. */
export function authenticationResponse(
  key: SoftPasskey,
  options: { challenge: string; rpId: string; origin: string; uv: boolean },
) {
  key.counter += 1;
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: options.origin }),
  );
  const authenticatorData = Buffer.concat([
    sha256(options.rpId),
    Buffer.from([UP | (options.uv ? UV : 0)]),
    counterBytes(key.counter),
  ]);
  const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), key.privateKey);
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
    },
    clientExtensionResults: {},
  };
}
