import type { LoginInput, SessionUser, RegisteredInput } from '../../../../common/contracts/auth';
import { REGISTRATION_CLOSED_MESSAGE } from '../../../../common/contracts/settings';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/errors';
import { readSettings } from '../settings/settings.service';
import { findUserWithHashByUsername, publicUserColumns, toPublicUser } from '../users/users.service';
import { chargeAttempt, minutesText, refundAttempt, registrationRule, signInRules } from './login-throttle.service';
import { assertAcceptablePassword } from './password-rules.service';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords.service';
import type { MailLinks } from '../mail/notify.service';
import { mailVerificationLink } from './email-verification.service';
import type { AuditAction } from '../../../../common/audit-actions';

/**
 * Checks a sign-in. Deactivated and deleted accounts answer like a wrong password, so the
 * answer never tells which accounts exist.
 */
export async function authenticate(db: Db, input: LoginInput, ip: string, device: string | null = null): Promise<SessionUser> {
  const rules = signInRules(input.username, ip, device);
  await chargeAttempt(db, rules, (minutes) => `Too many failed sign-in attempts. Try again in ${minutesText(minutes)}.`);
  const user = await findUserWithHashByUsername(db, input.username);
  const ok = await verifyPassword(user?.password ?? (await timingDummyHash()), input.password);
  // Only the right password learns that the account waits for approval.
  if (user && ok && user.awaitingApproval && !user.deletedAt) throw forbidden(AWAITING_SIGN_IN_MESSAGE, 'awaiting_approval');
  if (!user || !ok || !user.active || user.deletedAt) throw unauthorized('Invalid username or password', 'invalid_credentials');
  await refundAttempt(db, rules);
  return toPublicUser(user);
}

const AWAITING_SIGN_IN_MESSAGE = 'Your account is waiting for an administrator’s approval. You can sign in once it is approved.';

/**
 * Self-registration: always role `user`, only while an administrator leaves it open, and the
 * account waits (inactive, no session) until an administrator approves it: a stranger who
 * reaches the server reads nothing on their own say-so.
 */
export async function register(db: Db, input: RegisteredInput, ip: string, links: MailLinks = null): Promise<SessionUser> {
  if (!(await readSettings(db)).registrationOpen) throw forbidden(REGISTRATION_CLOSED_MESSAGE, 'registration_closed');
  await chargeAttempt(db, [registrationRule(ip)], (minutes) => `Too many registrations from this address. Try again in ${minutesText(minutes)}.`);
  // Nobody checked the address: it links a single sign-on account only once the mailed link is opened.
  return db.transaction(async (tx) => {
    const user = await createUser(tx, { ...input, role: 'user', departmentId: null, active: false, awaitingApproval: true, emailTrusted: false }, null);
    await mailVerificationLink(tx, links, user);
    return user;
  });
}

export interface NewUser {
  username: string;
  password: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: SessionUser['role'];
  departmentId?: number | null;
  positionId?: number | null;
  vesselCodes?: string[];
  active?: boolean;
  awaitingApproval?: boolean;
  emailTrusted?: boolean;
}

/** `action` names the audit event: an administrator's `user_created`, or the person's own (`user_registered` unless said). */
export async function createUser(
  db: Db,
  input: NewUser,
  actorId: number | null,
  action: AuditAction = actorId ? 'user_created' : 'user_registered',
): Promise<SessionUser> {
  assertAcceptablePassword(input.password, input.username);
  if (await findUserWithHashByUsername(db, input.username)) throw conflict('Username already exists', 'duplicate');
  const password = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      // A position given with the account: its reading counts from now.
      .values({ ...input, password, ...(input.positionId ? { positionSince: new Date() } : {}) })
      .returning(publicUserColumns);
    await recordAudit(db, {
      actorId: actorId ?? user.id,
      action,
      entityType: 'user',
      entityId: user.id,
      metadata: { name: user.username, role: user.role },
    });
    return user;
  } catch (err) {
    throw uniqueViolationAsConflict(err);
  }
}

/** Duplicate username or email (a concurrent insert, or an edit) reads as a 409; a missing department as a 400. */
export function uniqueViolationAsConflict(err: unknown): unknown {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = String(e?.constraint ?? e?.cause?.constraint ?? '');
  if (code === '23505') return conflict(constraint.includes('email') ? 'Email already exists' : 'Username already exists', 'duplicate');
  if (code === '23503' && constraint.includes('department')) return badRequest('No such department', undefined, 'departmentId');
  return err;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
