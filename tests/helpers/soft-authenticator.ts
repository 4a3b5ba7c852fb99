import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { WebAuthnCredential, WebAuthnOptions } from '../../shared/schemas/passkeys';

/**
 * A software WebAuthn authenticator for API tests: an ES256 key per credential, "none"
 * attestation, user present and verified, discoverable (it keeps the user handle). What a browser
 * and a platform authenticator would send, built by hand as WebAuthn Level 2 §6.1 and §6.5 lay it
 * out. Browser tests use Chromium's own virtual authenticator instead.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | Buffer | string) => createHash('sha256').update(bytes).digest();

/** Flags: user present (0x01), user verified (0x04), attested credential data (0x40). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  cose: Uint8Array;
  userHandle: string;
  counter: number;
}

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x as string, 'base64url')],
    [-3, Buffer.from(jwk.y as string, 'base64url')],
  ]);
  return isoCBOR.encode(key);
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for registration options: answers the RegistrationResponseJSON. */
  create(options: WebAuthnOptions): WebAuthnCredential {
    const { rp, user } = options as unknown as { rp: { id: string }; user: { id: string } };
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = { id: randomBytes(16), privateKey, cose: coseKey(publicKey), userHandle: user.id, counter: 0 };
    this.credentials.push(credential);
    const authData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([UP | UV | AT]),
      u32(0),
      Buffer.alloc(16), // AAGUID
      Buffer.from([0, credential.id.length]),
      credential.id,
      Buffer.from(credential.cose),
    ]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() for request options, with the given (default: the first) credential. */
  get(options: WebAuthnOptions, which = 0, tamper: { origin?: string; rpId?: string } = {}): WebAuthnCredential {
    const credential = this.credentials[which];
    const { rpId } = options as unknown as { rpId: string };
    credential.counter += 1;
    const authData = Buffer.concat([sha256(tamper.rpId ?? rpId), Buffer.from([UP | UV]), u32(credential.counter)]);
    const clientDataJSON = tamper.origin
      ? Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: tamper.origin, crossOrigin: false }))
      : this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
