import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { CreatedUserInput, UpdatedUserInput } from '../../../../common/contracts/users';
import { ADMINISTRATOR_ROLES } from '../../../../common/permissions';
import type { Role } from '../../../../common/roles';
import type { Db } from '../../db/client';
import { departments, passkeyCredentials, pendingUploads, users } from '../../db/schema';
import { releaseFiles } from '../../files/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { departmentNames, fieldChanges } from '../audit/field-changes.service';
import { createUser, uniqueViolationAsConflict } from '../auth/auth.service';
import { storeNewPassword } from '../auth/password-change.service';
import { assertVesselsRegistered } from '../fleet/vessels.service';
import { assertPositionsExist, positionNames } from '../positions/positions.service';
import { endSessionsOf, notDeleted, publicUserColumns } from '../users/users.service';

/** What an administrator sees of an account: the public fields and the vessels that may sign it in. */
const adminUserColumns = { ...publicUserColumns, vesselCodes: users.vesselCodes };
type AdminUserRow = SessionUser & { vesselCodes: string[] };

/** Every account but the deleted ones, newest first; public columns, their vessels and whether it waits for approval. */
export async function listUsers(db: Db): Promise<(AdminUserRow & { awaitingApproval: boolean })[]> {
  return db
    .select({ ...adminUserColumns, awaitingApproval: users.awaitingApproval })
    .from(users)
    .where(notDeleted)
    .orderBy(desc(users.createdAt), desc(users.id));
}

/**
 * A self-registered account an administrator lets in: active from now on, audited. Approving
 * one that does not wait is 409 (an administrator reactivates others from the user's page).
 */
export async function approveUser(db: Db, actor: SessionUser, id: number): Promise<AdminUserRow> {
  return db.transaction(async (tx) => {
    const target = await lockVisibleUser(tx, id);
    const [approved] = await tx
      .update(users)
      .set({ active: true, awaitingApproval: false, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.awaitingApproval, true)))
      .returning(adminUserColumns);
    if (!approved) throw conflict(`The account "${target.username}" is not waiting for approval`);
    await recordAudit(tx, { actorId: actor.id, action: 'user_approved', entityType: 'user', entityId: id, metadata: { name: target.username } });
    return approved;
  });
}

/** An administrator creates an account with any role; createUser checks the password, refuses duplicates and audits. */
export async function createUserAsAdmin(db: Db, actor: SessionUser, input: CreatedUserInput): Promise<AdminUserRow> {
  await assertDepartmentExists(db, input.departmentId);
  await assertPositionsExist(db, input.positionId === null ? [] : [input.positionId], 'positionId');
  await assertVesselsRegistered(db, input.vesselCodes);
  const user = await createUser(db, input, actor.id);
  return { ...user, vesselCodes: input.vesselCodes };
}

/**
 * Changes names, email, role, department or `active`. The user is re-read on every request,
 * so a new role applies to their next one; deactivating also ends their sessions at once.
 */
export async function updateUser(db: Db, actor: SessionUser, id: number, input: UpdatedUserInput): Promise<AdminUserRow> {
  if (id === actor.id && input.active === false) throw badRequest('You cannot deactivate your own account');
  await assertDepartmentExists(db, input.departmentId);
  await assertPositionsExist(db, input.positionId == null ? [] : [input.positionId], 'positionId');
  await assertVesselsRegistered(db, input.vesselCodes);
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
        // Activating an account that waits for approval approves it.
        .set({
          ...input,
          ...(input.active === true ? { awaitingApproval: false } : {}),
          ...(takesUpPosition(target, input) ? { positionSince: sql`now()` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning(adminUserColumns);
      if (input.active === false) await endSessionsOf(tx, id);
      const name = await departmentNames(tx, [target.departmentId, input.departmentId]);
      const position = await positionNames(tx, [target.positionId, input.positionId]);
      const changes = fieldChanges(
        USER_FIELD_LABELS,
        { ...target, department: name(target.departmentId) ?? null, position: position(target.positionId) ?? null, vessels: vesselsText(target.vesselCodes) },
        { ...input, department: name(input.departmentId), position: position(input.positionId), vessels: input.vesselCodes && vesselsText(input.vesselCodes) },
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
  position: 'Position',
  vessels: 'Vessels',
  language: 'Language',
  active: 'Active',
};

/**
 * Whether an edit starts the person's reading of their position afresh: a new position, or a
 * vessel they were not assigned to (someone joining a ship reads their position's list there).
 * Their position's SOPs not yet attested are then due counting from now (decision 074).
 */
function takesUpPosition(target: { positionId: number | null; vesselCodes: string[] }, input: UpdatedUserInput): boolean {
  if (input.positionId !== undefined && input.positionId !== null && input.positionId !== target.positionId) return true;
  return (input.vesselCodes ?? []).some((code) => !target.vesselCodes.includes(code));
}

/** The vessels as the trail shows them. */
const vesselsText = (codes: string[]) => (codes.length ? codes.join(', ') : 'Every vessel');

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
  await removePasskeysOf(db, actor, target);
}

/**
 * A password reset by an administrator means the account may have been taken: every passkey of
 * it goes too (one added by whoever held the session would otherwise still sign), audited.
 */
async function removePasskeysOf(db: Db, actor: SessionUser, target: { id: number; username: string }) {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(passkeyCredentials).where(eq(passkeyCredentials.userId, target.id)).returning({ name: passkeyCredentials.name });
    if (removed.length === 0) return;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'passkeys_removed',
      entityType: 'user',
      entityId: target.id,
      metadata: { name: target.username, count: removed.length, reason: 'password reset by an administrator' },
    });
  });
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

export async function lockVisibleUser(tx: Db, id: number) {
  const [target] = await tx
    .select(adminUserColumns)
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
  if (!found) throw badRequest('No such department', undefined, 'departmentId');
}
