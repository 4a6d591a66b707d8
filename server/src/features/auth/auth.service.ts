import type { LoginInput, PublicUser, RegisteredInput } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { conflict, tooManyRequests, unauthorized } from '../../http/errors';
import { findUserWithHashByUsername, publicUserColumns, toPublicUser } from '../users/users.repo';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords';

export async function authenticate(db: Db, throttle: LoginThrottle, input: LoginInput, ip: string): Promise<PublicUser> {
  const waitMs = throttle.retryAfterMs(input.username, ip);
  if (waitMs > 0) {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
  const user = await findUserWithHashByUsername(db, input.username);
  const ok = await verifyPassword(user?.password ?? (await timingDummyHash()), input.password);
  if (!user || !ok) {
    throttle.recordFailure(input.username, ip);
    throw unauthorized('Invalid username or password');
  }
  throttle.reset(input.username, ip);
  return toPublicUser(user);
}

/** Self-registration: always role `user`. */
export async function register(db: Db, input: RegisteredInput): Promise<PublicUser> {
  return createUser(db, { ...input, role: 'user' }, null);
}

export async function createUser(
  db: Db,
  input: { username: string; password: string; email: string | null; firstName: string | null; lastName: string | null; role: PublicUser['role'] },
  actorId: number | null,
): Promise<PublicUser> {
  if (await findUserWithHashByUsername(db, input.username)) throw conflict('Username already exists');
  const password = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ ...input, password })
      .returning(publicUserColumns);
    await recordAudit(db, {
      actorId: actorId ?? user.id,
      action: actorId ? 'user_created' : 'user_registered',
      entityType: 'user',
      entityId: user.id,
      metadata: { name: user.username, role: user.role },
    });
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) {
      const detail = String((err as { constraint?: string; cause?: { constraint?: string } }).constraint ?? (err as { cause?: { constraint?: string } }).cause?.constraint ?? '');
      throw conflict(detail.includes('email') ? 'Email already exists' : 'Username already exists');
    }
    throw err;
  }
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
