import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { ChangePasswordInput } from '../../../../common/contracts/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { endSessionsOf } from '../users/users.service';
import { assertAcceptablePassword } from './password-rules.service';
import { chargeAttempt, minutesText, refundAttempt, signInRules } from './login-throttle.service';
import { hashPassword, verifyPassword } from './passwords.service';

/**
 * Stores a new password and ends the user's sessions (but `keepSid`, the session the
 * change was made from), in one transaction: a stolen session does not outlive the change.
 */
export async function storeNewPassword(db: Db, target: { id: number; username: string }, password: string, field: string, keepSid?: string) {
  assertAcceptablePassword(password, target.username, field);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: hash, updatedAt: sql`now()` }).where(eq(users.id, target.id));
    await endSessionsOf(tx, target.id, keepSid);
  });
}

/**
 * A user changes their own password; the current one must be right. Wrong guesses count
 * like failed sign-ins, so a borrowed session cannot try passwords at full speed.
 */
export async function changeOwnPassword(db: Db, actor: SessionUser, input: ChangePasswordInput, sessionId: string, ip: string): Promise<void> {
  const rules = signInRules(actor.username, ip);
  await chargeAttempt(db, rules, (minutes) => `Too many wrong passwords. Try again in ${minutesText(minutes)}.`);
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, actor.id));
  if (!row || !(await verifyPassword(row.password, input.currentPassword))) {
    throw badRequest('The current password is not correct', undefined, 'currentPassword');
  }
  await refundAttempt(db, rules);
  await storeNewPassword(db, actor, input.newPassword, 'newPassword', sessionId);
  await recordAudit(db, { actorId: actor.id, action: 'password_changed', entityType: 'user', entityId: actor.id, metadata: { name: actor.username } });
}
