import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PasskeyAssertion, SignatureTarget } from '../../../../common/contracts/signatures';
import type { Db } from '../../db/client';
import { passkeyCredentials, signatureChallenges } from '../../db/schema';
import { conflict } from '../../http/errors';
import { relyingParty } from './relying-party.http';
import { versionDigest } from './version-digest.service';

/**
 * What one passkey assertion is for: `key` names it (a version or SOP being signed, or adding a
 * passkey), `digest` the text and files of a version then (null otherwise). A challenge answers
 * one purpose, once.
 */
export interface AssertionPurpose {
  key: string;
  digest: string | null;
}

export const transportsOf = (t: string[] | null) => (t ?? undefined) as AuthenticatorTransport[] | undefined;

export async function credentialsOf(db: Db, userId: number) {
  return db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, userId)).orderBy(asc(passkeyCredentials.id));
}

/** The key a signature's challenge is bound to. */
export const targetKey = (target: SignatureTarget) => ('versionId' in target ? `version:${target.versionId}` : `sop:${target.sopId}`);

/** What a signature is for: the target, and for a version the digest of its text and files now. */
export const signaturePurpose = async (db: Db, target: SignatureTarget): Promise<AssertionPurpose> => ({
  key: targetKey(target),
  digest: 'versionId' in target ? await versionDigest(db, target.versionId) : null,
});

/** Adding a passkey with an existing one as the proof (instead of the password). */
export const ADD_PASSKEY_PURPOSE: AssertionPurpose = { key: 'account:add-passkey', digest: null };

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * Options for the browser's startAuthentication: any of the person's passkeys. The challenge is
 * kept in the database for this person and this purpose, for 5 minutes, to be used once.
 * `noPasskey`: the sentence when the person has none.
 */
export async function assertionOptions(db: Db, request: FastifyRequest, purpose: AssertionPurpose, noPasskey: string) {
  const credentials = await credentialsOf(db, request.actor.id);
  if (!credentials.length) throw conflict(noPasskey);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request).rpID,
    allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    userVerification: 'required',
  });
  await db.delete(signatureChallenges).where(lt(signatureChallenges.expiresAt, new Date()));
  await db.insert(signatureChallenges).values({
    challenge: options.challenge,
    userId: request.actor.id,
    target: purpose.key,
    contentSha256: purpose.digest,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return options as unknown as Record<string, unknown>;
}

/** The challenge the browser signed, read from the assertion's client data (checked again by the verification). */
function challengeOf(assertion: z.output<typeof PasskeyAssertion>): string | null {
  try {
    const data = JSON.parse(Buffer.from(assertion.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Whether the assertion answers a challenge handed to the signed-in person for exactly this
 * purpose (and, for a version, the same text and files), made by one of their passkeys with the
 * user verified. The challenge is consumed by one statement before anything else: a second
 * request with the same assertion finds nothing, whatever the authenticator's counter says.
 */
export async function verifyAssertion(
  db: Db,
  request: FastifyRequest,
  assertion: z.output<typeof PasskeyAssertion>,
  purpose: AssertionPurpose,
): Promise<boolean> {
  const challenge = challengeOf(assertion);
  if (!challenge) return false;
  const [kept] = await db
    .delete(signatureChallenges)
    .where(
      and(
        eq(signatureChallenges.challenge, challenge),
        eq(signatureChallenges.userId, request.actor.id),
        eq(signatureChallenges.target, purpose.key),
        gt(signatureChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ contentSha256: signatureChallenges.contentSha256 });
  if (!kept || kept.contentSha256 !== purpose.digest) return false;
  const [credential] = await db
    .select()
    .from(passkeyCredentials)
    .where(and(eq(passkeyCredentials.credentialId, assertion.id), eq(passkeyCredentials.userId, request.actor.id)));
  if (!credential) return false;
  const { rpID, origin } = relyingParty(request);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: credential.credentialId,
        publicKey: isoBase64URL.toBuffer(credential.publicKey),
        counter: credential.counter,
        transports: transportsOf(credential.transports),
      },
      requireUserVerification: true,
    });
    if (!verified) return false;
    await db.update(passkeyCredentials).set({ counter: authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeyCredentials.id, credential.id));
    return true;
  } catch {
    return false;
  }
}
