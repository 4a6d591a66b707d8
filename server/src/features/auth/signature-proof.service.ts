import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  SIGNATURE_FAILED_MESSAGE,
  SIGNATURE_REQUIRED_MESSAGE,
  type SignatureMethod,
  type SignatureProof,
  type SignatureTarget,
} from '../../../../common/contracts/signatures';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { chargeAttempt, minutesText, refundAttempt, type ThrottleRule } from './login-throttle.service';
import { verifyPassword } from './passwords.service';
import { readSettings } from '../settings/settings.service';
import { signaturePurpose, verifyAssertion } from '../signatures/passkey-assertions.service';

/** Failed signatures of one person: 10 free, then the sign-in delays. The owner is the only one who can sign as themselves. */
const signatureRules = (userId: number): ThrottleRule[] => [{ key: `signature:user:${userId}`, free: 10, forgetAfterS: 24 * 60 * 60 }];

const failed = (message = SIGNATURE_FAILED_MESSAGE) => unauthorized(message, 'signature_failed');

/**
 * The proof that the signed-in person is the one deciding or attesting now. When an
 * administrator requires signatures, a request without one is refused (401 signature_failed);
 * a proof sent is always checked, required or not, so a wrong password is never recorded as
 * a signature. Answers how the signer proved themselves (null: no proof given, none required).
 * Runs before the decision or attestation, so a failed proof changes nothing; attempts are
 * counted like sign-ins (429 after ten failures).
 */
export async function proveSigner(
  db: Db,
  request: FastifyRequest,
  proof: z.output<typeof SignatureProof> | undefined,
  target: SignatureTarget,
): Promise<SignatureMethod | null> {
  if (!proof) {
    if ((await readSettings(db)).requireSignatures) throw failed(SIGNATURE_REQUIRED_MESSAGE);
    return null;
  }
  await proveWith(db, request, async () =>
    'password' in proof
      ? passwordMatches(db, request.actor.id, proof.password)
      : verifyAssertion(db, request, proof.passkey, await signaturePurpose(db, target)),
  );
  return 'password' in proof ? 'password' : 'passkey';
}

/**
 * A signature always given by password (the master's review on board, where passkeys are not
 * kept): checked and counted as every signature is; 401 signature_failed when it does not verify.
 */
export async function provePassword(db: Db, request: FastifyRequest, password: string): Promise<void> {
  await proveWith(db, request, () => passwordMatches(db, request.actor.id, password));
}

async function passwordMatches(db: Db, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  return !!row && (await verifyPassword(row.password, password));
}

async function proveWith(db: Db, request: FastifyRequest, check: () => Promise<boolean>): Promise<void> {
  const rules = signatureRules(request.actor.id);
  await chargeAttempt(db, rules, (minutes) => `Too many failed signatures. Try again in ${minutesText(minutes)}.`);
  if (!(await check())) throw failed();
  await refundAttempt(db, rules);
}
