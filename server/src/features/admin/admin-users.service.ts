import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../../common/contracts/auth';
import type { CreatedUserInput } from '../../../../common/contracts/users';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { createUser } from '../auth/auth.service';
import { publicUserColumns } from '../users/users.repo';

/** Every account, newest first; public columns only. */
export async function listUsers(db: Db): Promise<PublicUser[]> {
  return db.select(publicUserColumns).from(users).orderBy(desc(users.createdAt), desc(users.id));
}

/** An administrator creates an account with any role; createUser hashes, refuses duplicates and audits. */
export async function createUserAsAdmin(db: Db, actor: PublicUser, input: CreatedUserInput): Promise<PublicUser> {
  return createUser(db, input, actor.id);
}

/**
 * Deletes an account. What the user made stays (owner and actor references become empty,
 * FKs are ON DELETE SET NULL); their sessions end at once.
 */
export async function deleteUser(db: Db, actor: PublicUser, id: number): Promise<void> {
  if (id === actor.id) throw badRequest('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const [target] = await tx.select(publicUserColumns).from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound('User not found');
    if (target.role === 'admin') {
      // Locking every admin row serialises two admins deleting each other at the same moment.
      const otherAdmins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.id, id)))
        .for('update');
      if (otherAdmins.length === 0) throw badRequest(`Cannot delete "${target.username}": it is the last administrator account`);
    }
    await tx.delete(sessions).where(sql`(${sessions.sess}->>'userId')::int = ${id}`);
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user_deleted',
      entityType: 'user',
      entityId: id,
      metadata: { name: target.username },
    });
  });
}
