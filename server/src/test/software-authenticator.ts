import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey made in the test: an ES256 (P-256) key pair that answers WebAuthn registration
 * ('none' attestation) and signing challenges as a browser's authenticator would, with the
 * user present and verified. Nothing is mocked on the server's side. `synced`: its counter stays
 * 0, as synced passkeys report it (the counter then proves nothing against a replay).
 */
export function softwareAuthenticator(origin = 'http://localhost', { synced = false } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const id = credentialId.toString('base64url');
  let counter = 0;
  const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const flagsAndCounter = (flags: number) => {
    if (!synced) counter += 1;
    const out = Buffer.alloc(5);
    out[0] = flags;
    out.writeUInt32BE(counter, 1);
    return out;
  };
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

  return {
    id,
    /** The answer to POST /api/account/passkeys/options, for POST /api/account/passkeys. */
    register(options: { challenge: string; rp: { id: string } }) {
      const authData = Buffer.concat([
        rpIdHash(options.rp.id),
        flagsAndCounter(0x45), // user present, user verified, attested credential data
        Buffer.alloc(16), // AAGUID
        Buffer.from([0, credentialId.length]),
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** The answer to POST /api/signatures/challenge: `signature: { passkey }` of a decision or attestation. */
    sign(options: { challenge: string; rpId?: string }, rpId = options.rpId ?? 'localhost') {
      const authData = Buffer.concat([rpIdHash(rpId), flagsAndCounter(0x05)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), privateKey as KeyObject);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature) },
        clientExtensionResults: {},
      };
    },
  };
}

/** The public key as COSE: EC2 (kty 2), ES256 (alg -7), P-256 (crv 1), x and y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, unknown>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return Buffer.from(isoCBOR.encode(key as never));
}
