import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface Session {
    /** The last WebAuthn challenge handed out (registration or signing); used once, for 5 minutes. */
    passkeyChallenge?: { value: string; purpose: 'register' | 'sign'; expires: number };
  }
}

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * The relying party is this server as the browser addressed it: the RP ID is the host name,
 * the expected origin the scheme, host and port of the request (behind a proxy, from
 * X-Forwarded-Proto/-Host when TRUST_PROXY is set, as the origin check does). A passkey is
 * bound to the host name it was registered on: one registered at the office's address does not
 * sign at a ship's.
 */
export function relyingParty(request: FastifyRequest) {
  // URL drops a scheme's default port, as the browser's Origin does (http://host, not http://host:80).
  return { rpID: request.hostname, origin: new URL(`${request.protocol}://${request.host}`).origin, rpName: 'SOP Harbor' };
}

export function keepChallenge(request: FastifyRequest, purpose: 'register' | 'sign', value: string) {
  request.session.passkeyChallenge = { value, purpose, expires: Date.now() + CHALLENGE_TTL_MS };
}

/** The challenge for `purpose`, if one is pending and fresh; it is forgotten either way (one use). */
export function takeChallenge(request: FastifyRequest, purpose: 'register' | 'sign'): string | undefined {
  const kept = request.session.passkeyChallenge;
  request.session.passkeyChallenge = undefined;
  return kept && kept.purpose === purpose && kept.expires > Date.now() ? kept.value : undefined;
}
