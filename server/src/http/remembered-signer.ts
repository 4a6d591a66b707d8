import { Signer, type UnsignResult } from '@fastify/cookie';
import { keepNewest } from '../lib/bounded-map';

/** Signatures remembered at most (one per session in use); the oldest goes first. */
const MAX_REMEMBERED = 10_000;

/**
 * The session cookie's signer, remembering the cookies it has verified: checking the signature of
 * the same cookie on every request (and signing its session id again) cost an HMAC twice per
 * request. Only valid signatures are remembered, so made-up cookies cannot fill it, and each is
 * still checked with the secret once.
 */
export function rememberedSigner(secret: string) {
  const signer = new Signer(secret);
  // A verified cookie names its session id's signature too: signing that id again needs no HMAC.
  const signatureOf = new Map<string, string>();
  const verified = new Map<string, UnsignResult>();
  return {
    sign: (value: string) => signatureOf.get(value) ?? signer.sign(value),
    unsign(signedValue: string): UnsignResult {
      const known = verified.get(signedValue);
      if (known) return known;
      const result = signer.unsign(signedValue);
      if (result.valid && result.value !== null) {
        keepNewest(verified, signedValue, result, MAX_REMEMBERED);
        if (!result.renew) keepNewest(signatureOf, result.value, signedValue, MAX_REMEMBERED);
      }
      return result;
    },
  };
}
