import { type RegistrationResponseJSON, generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type Passkey,
  PASSKEY_PASSWORD_REFUSED,
  PASSKEY_PROOF_REFUSED,
  type PasskeyOptionsInput,
  type RegisterPasskeyInput,
  type SignatureTarget,
} from '../../../../common/contracts/signatures';
import type { Db } from '../../db/client';
import { passkeyCredentials, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { queueMail } from '../mail/mailer.service';
import type { MailLinks } from '../mail/notify.service';
import { chargeAttempt, minutesText, refundAttempt } from '../auth/login-throttle.service';
import { verifyPassword } from '../auth/passwords.service';
import { recordAudit } from '../audit/audit.service';
import { ADD_PASSKEY_PURPOSE, assertionOptions, credentialsOf, signaturePurpose, transportsOf, verifyAssertion } from './passkey-assertions.service';
import { keepChallenge, relyingParty, takeChallenge } from './relying-party.http';

const MAX_PASSKEYS = 10;

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

/**
 * The signed-in person proves they are at the keyboard now (before a registration challenge is
 * handed out): with their password, or an assertion of one of their passkeys answering a
 * challenge handed out for this (proofOptions), once, within 5 minutes. A failed proof is 403
 * and counts like a failed signature (429 after ten).
 */
export async function confirmPresence(db: Db, request: FastifyRequest, proof: z.output<typeof PasskeyOptionsInput>): Promise<void> {
  const userId = request.actor.id;
  const rules = [{ key: `signature:user:${userId}`, free: 10, forgetAfterS: 24 * 60 * 60 }];
  await chargeAttempt(db, rules, (minutes) => `Too many failed attempts. Try again in ${minutesText(minutes)}.`);
  if ('passkey' in proof) {
    if (!(await verifyAssertion(db, request, proof.passkey, ADD_PASSKEY_PURPOSE))) throw forbidden(PASSKEY_PROOF_REFUSED);
  } else {
    const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
    if (!row || !(await verifyPassword(row.password, proof.password))) throw forbidden(PASSKEY_PASSWORD_REFUSED);
  }
  await refundAttempt(db, rules);
}

/** The owner is told at once when a passkey joins their account: one they did not add shows. */
async function mailPasskeyAdded(db: Db, links: MailLinks, user: { email: string | null }, name: string) {
  if (!links || !user.email) return;
  const where = links.base ? `${links.base}/account` : 'My Account in SOP Harbor';
  await queueMail(db, [
    {
      to: user.email,
      subject: 'A passkey was added to your SOP Harbor account',
      text: `A passkey named "${name}" was added to your SOP Harbor account. It can sign approvals and attestations in your name.\n\nIf you did not add it, remove it on ${where} and tell an administrator.\n`,
    },
  ]);
}

/** Verifies the browser's registration answer against the pending challenge and keeps the passkey. */
export async function registerPasskey(db: Db, request: FastifyRequest, input: z.output<typeof RegisterPasskeyInput>, links: MailLinks = null) {
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
    await mailPasskeyAdded(tx, links, actor, row.name);
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

/** Options for the passkey that signs `target` (a version with its text and files now, or an SOP). */
export async function signingOptions(db: Db, request: FastifyRequest, target: SignatureTarget) {
  const purpose = await signaturePurpose(db, target);
  return assertionOptions(db, request, purpose, 'You have no passkey yet: register one on My Account, or sign with your password');
}

/** Options for proving oneself with an existing passkey before adding another (instead of the password). */
export async function proofOptions(db: Db, request: FastifyRequest) {
  return assertionOptions(db, request, ADD_PASSKEY_PURPOSE, 'You have no passkey yet: enter your password to add the first one');
}
