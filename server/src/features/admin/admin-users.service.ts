import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { CreatedUserInput, UpdatedUserInput } from '../../../../common/contracts/users';
import { ADMINISTRATOR_ROLES } from '../../../../common/permissions';
import type { Role } from '../../../../common/roles';
import type { Db } from '../../db/client';
import { departments, pendingUploads, users } from '../../db/schema';
import { releaseFiles } from '../../files/store';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { departmentNames, fieldChanges } from '../audit/field-changes.service';
import { createUser, uniqueViolationAsConflict } from '../auth/auth.service';
import { storeNewPassword } from '../auth/password-change.service';
import { endSessionsOf, notDeleted, publicUserColumns } from '../users/users.service';

/** Every account but the deleted ones, newest first; public columns only. */
export async function listUsers(db: Db): Promise<SessionUser[]> {
  return db.select(publicUserColumns).from(users).where(notDeleted).orderBy(desc(users.createdAt), desc(users.id));
}

/** An administrator creates an account with any role; createUser checks the password, refuses duplicates and audits. */
export async function createUserAsAdmin(db: Db, actor: SessionUser, input: CreatedUserInput): Promise<SessionUser> {
  await assertDepartmentExists(db, input.departmentId);
  return createUser(db, input, actor.id);
}

/**
 * Changes names, email, role, department or `active`. The user is re-read on every request,
 * so a new role applies to their next one; deactivating also ends their sessions at once.
 */
export async function updateUser(db: Db, actor: SessionUser, id: number, input: UpdatedUserInput): Promise<SessionUser> {
  if (id === actor.id && input.active === false) throw badRequest('You cannot deactivate your own account');
  await assertDepartmentExists(db, input.departmentId);
  try {
    return await db.transaction(async (tx) => {
      const target = await lockVisibleUser(tx, id);
      const runsSystem = (role: Role) => ADMINISTRATOR_ROLES.includes(role);
      const losesAdmin = runsSystem(target.role) && target.active && (input.active === false || (input.role !== undefined && !runsSystem(input.role)));
      if (losesAdmin) {
        const verb = input.active === false ? 'deactivate' : 'change the role of';
        await assertAnotherActiveAdmin(tx, target, `Cannot ${verb} "${target.username}": it is the last administrator account`);
      }
      const [updated] = await tx
        .update(users)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning(publicUserColumns);
      if (input.active === false) await endSessionsOf(tx, id);
      const name = await departmentNames(tx, [target.departmentId, input.departmentId]);
      const changes = fieldChanges(
        USER_FIELD_LABELS,
        { ...target, department: name(target.departmentId) ?? null },
        { ...input, department: name(input.departmentId) },
      );
      // An edit that changed nothing is not an event.
      if (changes.length === 0) return updated;
      await recordAudit(tx, {
        actorId: actor.id,
        action: input.active === false && target.active ? 'user_deactivated' : 'user_updated',
        entityType: 'user',
        entityId: id,
        metadata: { name: target.username, changes },
      });
      return updated;
    });
  } catch (err) {
    throw uniqueViolationAsConflict(err);
  }
}

/** What an account edit may change, as the trail names it (never the password: it has its own event). */
const USER_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  role: 'Role',
  department: 'Department',
  active: 'Active',
};

/** An administrator sets a new password; every session of that user ends. */
export async function resetPassword(db: Db, actor: SessionUser, id: number, password: string, actorSid: string): Promise<void> {
  const [target] = await db
    .select(publicUserColumns)
    .from(users)
    .where(and(eq(users.id, id), notDeleted));
  if (!target) throw notFound('User not found');
  // An administrator resetting their own password keeps the session they did it from.
  await storeNewPassword(db, target, password, 'password', id === actor.id ? actorSid : undefined);
  await recordAudit(db, { actorId: actor.id, action: 'user_password_reset', entityType: 'user', entityId: id, metadata: { name: target.username } });
}

/**
 * "Deleting" an account deactivates and hides it: it no longer signs in or appears in the
 * list, its sessions end, its username stays taken, and every record keeps its name.
 */
export async function deleteUser(db: Db, actor: SessionUser, id: number): Promise<void> {
  if (id === actor.id) throw badRequest('You cannot delete your own account');
  const pendingFiles = await db.transaction(async (tx) => {
    const target = await lockVisibleUser(tx, id);
    if (ADMINISTRATOR_ROLES.includes(target.role) && target.active) {
      await assertAnotherActiveAdmin(tx, target, `Cannot delete "${target.username}": it is the last administrator account`);
    }
    await tx.update(users).set({ active: false, deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, id));
    await endSessionsOf(tx, id);
    // A hidden account never finishes its object uploads: they go now, and then their bytes.
    const pending = await tx.delete(pendingUploads).where(eq(pendingUploads.userId, id)).returning({ sha256: pendingUploads.sha256 });
    await recordAudit(tx, { actorId: actor.id, action: 'user_deleted', entityType: 'user', entityId: id, metadata: { name: target.username } });
    return pending.map((p) => p.sha256);
  });
  await releaseFiles(db, pendingFiles);
}

async function lockVisibleUser(tx: Db, id: number) {
  const [target] = await tx
    .select(publicUserColumns)
    .from(users)
    .where(and(eq(users.id, id), notDeleted))
    .for('update');
  if (!target) throw notFound('User not found');
  return target;
}

/**
 * Locking every active admin row serialises two admins demoting or deleting each other at
 * the same moment: the second one sees the first one's change and is refused.
 */
async function assertAnotherActiveAdmin(tx: Db, target: SessionUser, message: string) {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ADMINISTRATOR_ROLES), eq(users.active, true), notDeleted, ne(users.id, target.id)))
    .for('update');
  if (others.length === 0) throw badRequest(message);
}

async function assertDepartmentExists(db: Db, departmentId: number | null | undefined) {
  if (departmentId == null) return;
  const [found] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, departmentId));
  if (!found) throw badRequest('departmentId: No such department');
}
