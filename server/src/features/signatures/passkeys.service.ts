import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Passkey, PasskeyAssertion, RegisterPasskeyInput } from '../../../../common/contracts/signatures';
import type { Db } from '../../db/client';
import { passkeyCredentials } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { keepChallenge, relyingParty, takeChallenge } from './relying-party.http';

const MAX_PASSKEYS = 10;

const transportsOf = (t: string[] | null) => (t ?? undefined) as AuthenticatorTransport[] | undefined;

async function credentialsOf(db: Db, userId: number) {
  return db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, userId)).orderBy(asc(passkeyCredentials.id));
}

export async function listPasskeys(db: Db, userId: number): Promise<z.output<typeof Passkey>[]> {
  return (await credentialsOf(db, userId)).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }));
}

/** Options for the browser's startRegistration; the challenge waits in the session. */
export async function registrationOptions(db: Db, request: FastifyRequest) {
  const actor = request.actor;
  const { rpID, rpName } = relyingParty(request);
  const existing = await credentialsOf(db, actor.id);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: actor.username,
    userDisplayName: [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.username,
    userID: new TextEncoder().encode(`sop-harbor-user-${actor.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    // A signature must show who is at the keyboard: the authenticator checks a PIN or biometric.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  keepChallenge(request, 'register', options.challenge);
  return options as unknown as Record<string, unknown>;
}

/** Verifies the browser's registration answer against the pending challenge and keeps the passkey. */
export async function registerPasskey(db: Db, request: FastifyRequest, input: z.output<typeof RegisterPasskeyInput>) {
  const actor = request.actor;
  const expectedChallenge = takeChallenge(request, 'register');
  if (!expectedChallenge) throw badRequest('The passkey registration expired; start again', 'bad_request');
  if ((await credentialsOf(db, actor.id)).length >= MAX_PASSKEYS) throw conflict(`An account has at most ${MAX_PASSKEYS} passkeys; remove one first`);
  const { rpID, origin } = relyingParty(request);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (err) {
    throw badRequest(`The passkey could not be registered: ${(err as Error).message}`);
  }
  if (!verification.verified || !verification.registrationInfo) throw badRequest('The passkey could not be registered');
  const { credential } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeyCredentials)
      .values({
        userId: actor.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? null,
        name: input.name,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('This passkey is already registered', 'duplicate');
    await recordAudit(tx, { actorId: actor.id, action: 'passkey_registered', entityType: 'user', entityId: actor.id, metadata: { name: row.name } });
    return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
  });
}

export async function removePasskey(db: Db, userId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeyCredentials)
      .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, userId)))
      .returning();
    if (!row) throw notFound('This passkey does not exist');
    await recordAudit(tx, { actorId: userId, action: 'passkey_removed', entityType: 'user', entityId: userId, metadata: { name: row.name } });
  });
}

/** Options for the browser's startAuthentication when signing: any of the signer's passkeys. */
export async function signingOptions(db: Db, request: FastifyRequest) {
  const credentials = await credentialsOf(db, request.actor.id);
  if (!credentials.length) throw conflict('You have no passkey yet: register one on My Account, or sign with your password');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request).rpID,
    allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    userVerification: 'required',
  });
  keepChallenge(request, 'sign', options.challenge);
  return options as unknown as Record<string, unknown>;
}

/**
 * Whether the assertion was made now (the pending signing challenge), by a passkey of the
 * signed-in person, with the user verified. A verified use moves the passkey's counter on.
 */
export async function verifyPasskeySignature(db: Db, request: FastifyRequest, assertion: z.output<typeof PasskeyAssertion>): Promise<boolean> {
  const expectedChallenge = takeChallenge(request, 'sign');
  if (!expectedChallenge) return false;
  const [credential] = await db
    .select()
    .from(passkeyCredentials)
    .where(and(eq(passkeyCredentials.credentialId, assertion.id), eq(passkeyCredentials.userId, request.actor.id)));
  if (!credential) return false;
  const { rpID, origin } = relyingParty(request);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON,
      expectedChallenge,
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
