import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { USERNAME_PATTERN, type SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { ssoIdentities, users } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { readSettings } from '../settings/settings.service';
import { findUserWithHashByUsername, publicUserColumns } from '../users/users.service';
import { createUser, isUniqueViolation } from './auth.service';
import { type Identity, SsoRefusal } from './oidc-client.service';

/**
 * The account of the person the identity provider signed in: the one linked to their issuer and
 * subject. The first time, an e-mail address the provider states verified (`email_verified ===
 * true`) may link it to the account with that address, unless that account approves or
 * administers (an administrator links those from the user's page) or its address was never
 * checked (self-registered). Someone with no account gets one (role user) only while an
 * administrator allows it. A deactivated account is refused. Every sign-in and link is audited.
 */
export async function accountForIdentity(db: Db, identity: Identity, issuer: string): Promise<SessionUser> {
  let account = await findAccountByIdentity(db, issuer, identity.subject);
  if (!account) {
    if (!identity.email || !identity.emailVerified) throw new SsoRefusal('sso_no_email', `no verified e-mail for ${identity.subject}`);
    account = await findAccountByEmail(db, identity.email);
    if (account) {
      if (account.role !== 'user' || !account.emailTrusted)
        throw new SsoRefusal('sso_link_needed', `account ${account.username} must be linked by an administrator`);
    } else {
      if (!(await readSettings(db)).ssoCreatesAccounts) throw new SsoRefusal('sso_unknown', `no account for ${identity.email}`);
      account = await createAccountFor(db, identity, issuer);
    }
    if (account.active && !account.deletedAt) await linkIdentity(db, account, issuer, identity.subject, null);
  }
  if (!account.active || account.deletedAt) throw new SsoRefusal('sso_deactivated', `account ${account.username} is deactivated`);
  const { deletedAt: _deletedAt, emailTrusted: _trusted, ...user } = account;
  await recordAudit(db, { actorId: user.id, action: 'sso_signed_in', entityType: 'user', entityId: user.id, metadata: { name: user.username, issuer } });
  return user;
}

const accountColumns = { ...publicUserColumns, deletedAt: users.deletedAt, emailTrusted: users.emailTrusted };

async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

async function findAccountByIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select(accountColumns)
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  return row;
}

/**
 * Links the provider's account (issuer, subject) to an account here, audited: by the first
 * sign-in (`actorId` null: the person) or by an administrator from the user's page.
 */
export async function linkIdentity(db: Db, user: { id: number; username: string }, issuer: string, subject: string, actorId: number | null): Promise<void> {
  const userId = user.id;
  const [linked] = await db.insert(ssoIdentities).values({ issuer, subject, userId }).onConflictDoNothing().returning();
  if (!linked) {
    const [existing] = await db
      .select({ userId: ssoIdentities.userId })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
    if (existing?.userId !== userId) throw new SsoRefusal('sso_failed', `identity ${subject} of ${issuer} is linked to another account`);
    return;
  }
  await recordAudit(db, {
    actorId: actorId ?? userId,
    action: 'sso_identity_linked',
    entityType: 'user',
    entityId: userId,
    metadata: { name: user.username, issuer, subject },
  });
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
