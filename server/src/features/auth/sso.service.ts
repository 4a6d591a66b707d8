import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { USERNAME_PATTERN, type SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { readSettings } from '../settings/settings.service';
import { findUserWithHashByUsername, publicUserColumns } from '../users/users.service';
import { createUser, isUniqueViolation } from './auth.service';
import { type Identity, SsoRefusal } from './oidc-client.service';

/**
 * The account of the person the identity provider signed in, found by e-mail address (any
 * case). A deactivated account is refused; someone with no account gets one (role user) only
 * while an administrator allows it. Every such sign-in is on the audit trail.
 */
export async function accountForIdentity(db: Db, identity: Identity, issuer: string): Promise<SessionUser> {
  if (!identity.email || !identity.emailVerified) throw new SsoRefusal('sso_no_email', `no verified e-mail for ${identity.subject}`);
  let account = await findAccountByEmail(db, identity.email);
  if (!account) {
    if (!(await readSettings(db)).ssoCreatesAccounts) throw new SsoRefusal('sso_unknown', `no account for ${identity.email}`);
    account = await createAccountFor(db, identity, issuer);
  }
  if (!account.active || account.deletedAt) throw new SsoRefusal('sso_deactivated', `account ${account.username} is deactivated`);
  const { deletedAt: _deletedAt, ...user } = account;
  await recordAudit(db, { actorId: user.id, action: 'sso_signed_in', entityType: 'user', entityId: user.id, metadata: { name: user.username, issuer } });
  return user;
}

async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ ...publicUserColumns, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

async function createAccountFor(db: Db, identity: Identity, issuer: string) {
  const [first, ...rest] = identity.fullName?.split(/\s+/) ?? [];
  try {
    await createUser(
      db,
      {
        username: await freeUsername(db, identity),
        // Nobody knows this password: the person signs in through the provider (an administrator may set one).
        password: randomBytes(32).toString('base64url'),
        email: identity.email,
        firstName: (identity.givenName ?? first ?? null)?.slice(0, 100) ?? null,
        lastName: (identity.familyName ?? (rest.join(' ') || null))?.slice(0, 100) ?? null,
        role: 'user',
        departmentId: null,
      },
      null,
      'user_created_by_sso',
    );
  } catch (err) {
    // The same person's second window was quicker: sign in to the account it made.
    if (!isUniqueViolation(err) && !(err instanceof Error && /already exists/.test(err.message))) throw err;
  }
  const account = await findAccountByEmail(db, identity.email!);
  if (!account) throw new SsoRefusal('sso_failed', `account for ${identity.email} not found after creating it (${issuer})`);
  return account;
}

/** The provider's user name, else the address before the @, made a valid name here, with a number added while taken. */
async function freeUsername(db: Db, identity: Identity): Promise<string> {
  const wanted = [identity.preferredUsername, identity.email?.split('@')[0]].find((name) => name && USERNAME_PATTERN.test(name) && name.length >= 3);
  const base = (wanted ?? identity.email?.split('@')[0] ?? 'crew')
    .replace(/[^A-Za-z0-9._-]+/g, '.')
    .slice(0, 44)
    .padEnd(3, '0');
  for (let n = 1; n < 50; n += 1) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await findUserWithHashByUsername(db, candidate))) return candidate;
  }
  return `${base}-${randomBytes(3).toString('hex')}`;
}
