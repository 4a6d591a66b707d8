import { and, asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { ssoIdentities } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { linkIdentity } from '../auth/sso.service';
import { lockVisibleUser } from './admin-users.service';

/** The identity-provider accounts linked to an account, oldest first (the user's page shows them). */
export async function ssoIdentitiesOf(db: Db, id: number) {
  await lockVisibleUser(db, id);
  return db
    .select({ issuer: ssoIdentities.issuer, subject: ssoIdentities.subject, linkedAt: ssoIdentities.createdAt })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, id))
    .orderBy(asc(ssoIdentities.createdAt), asc(ssoIdentities.subject));
}

/**
 * An administrator links an account (any role) to the person's identity-provider account,
 * audited as theirs. One provider account per account and provider: another is unlinked first.
 */
export async function linkUserToSso(db: Db, actor: SessionUser, id: number, issuer: string, subject: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockVisibleUser(tx, id);
    const [other] = await tx
      .select({ subject: ssoIdentities.subject })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.userId, id), eq(ssoIdentities.issuer, issuer)));
    if (other && other.subject !== subject) throw conflict(`This account is already linked to "${other.subject}" at the identity provider: unlink it first`);
    try {
      await linkIdentity(tx, target, issuer, subject, actor.id);
    } catch {
      throw conflict('This identity-provider account is already linked to another account here');
    }
  });
}

/** An administrator removes every link of the account (the person then signs in with the password), each audited. */
export async function unlinkUserFromSso(db: Db, actor: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockVisibleUser(tx, id);
    const removed = await tx
      .delete(ssoIdentities)
      .where(eq(ssoIdentities.userId, id))
      .returning({ issuer: ssoIdentities.issuer, subject: ssoIdentities.subject });
    if (removed.length === 0) throw notFound('No identity-provider account is linked to this account');
    for (const { issuer, subject } of removed) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'sso_identity_unlinked',
        entityType: 'user',
        entityId: id,
        metadata: { name: target.username, issuer, subject },
      });
    }
  });
}
