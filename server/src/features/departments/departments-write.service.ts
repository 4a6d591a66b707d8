import { count, eq, inArray, or } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { z } from 'zod';
import type { Department } from '../../../../common/contracts/departments';
import type { Db } from '../../db/client';
import { departments, sops } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { departmentNames, fieldChanges } from '../audit/field-changes.service';
import { isUniqueViolation } from '../auth/auth.service';

export interface DepartmentValues {
  name: string;
  description: string | null;
  parentId: number | null;
}

type Row = typeof departments.$inferSelect;

const toDepartment = (row: Row, sopCount: number): z.output<typeof Department> => ({ ...row, sopCount });

const duplicateMessage = (values: DepartmentValues) =>
  values.parentId === null ? `A division named "${values.name}" already exists` : `A department named "${values.name}" already exists in this division`;

const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
};

/** Two levels only: the parent must exist and be a top-level division. */
async function assertValidParent(db: Db, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const [parent] = await db.select({ parentId: departments.parentId }).from(departments).where(eq(departments.id, parentId));
  if (!parent) throw badRequest('The chosen parent division does not exist', undefined, 'parentId');
  if (parent.parentId !== null) throw badRequest('Only a top-level division can be a parent');
}

/** The unique index (parent, lower(name)) answers duplicates, including concurrent ones. */
async function withDuplicateCheck<T>(values: DepartmentValues, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(duplicateMessage(values), 'duplicate');
    throw err;
  }
}

export async function createDepartment(db: Db, actor: SessionUser, values: DepartmentValues): Promise<z.output<typeof Department>> {
  return withDuplicateCheck(values, () =>
    db.transaction(async (tx) => {
      await assertValidParent(tx, values.parentId);
      const [row] = await tx.insert(departments).values(values).returning();
      await recordAudit(tx, { actorId: actor.id, action: 'department_created', entityType: 'department', entityId: row.id, metadata: { name: row.name } });
      return toDepartment(row, 0);
    }),
  );
}

/** What a department edit may change, as the trail names it; the parent is shown by its name. */
const DEPARTMENT_FIELD_LABELS = { name: 'Name', description: 'Description', division: 'Division' };

export async function updateDepartment(db: Db, actor: SessionUser, id: number, values: DepartmentValues): Promise<z.output<typeof Department>> {
  return withDuplicateCheck(values, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(departments).where(eq(departments.id, id)).for('update');
      if (!current) throw notFound('Department not found');
      if (values.parentId === id) throw badRequest('A department cannot be its own parent');
      await assertValidParent(tx, values.parentId);
      if (values.parentId !== null) {
        const [{ children }] = await tx.select({ children: count() }).from(departments).where(eq(departments.parentId, id));
        if (children > 0) {
          throw badRequest(
            `"${current.name}" is a division with ${children} department${children === 1 ? '' : 's'}; move or delete them before placing it under another division`,
          );
        }
      }
      const [row] = await tx
        .update(departments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(departments.id, id))
        .returning();
      const [{ sopCount }] = await tx.select({ sopCount: count() }).from(sops).where(eq(sops.departmentId, id));
      const parentName = await departmentNames(tx, [current.parentId, values.parentId]);
      const changes = fieldChanges(
        DEPARTMENT_FIELD_LABELS,
        { ...current, division: parentName(current.parentId) ?? null },
        { ...values, division: parentName(values.parentId) },
      );
      // An edit that changed nothing is not an event.
      if (changes.length > 0) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'department_updated',
          entityType: 'department',
          entityId: id,
          metadata: { name: row.name, changes },
        });
      }
      return toDepartment(row, sopCount);
    }),
  );
}

/** A division goes with its departments (FK cascade); nothing is deleted while SOPs remain in any of them. */
export async function deleteDepartment(db: Db, actor: SessionUser, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(departments).where(eq(departments.id, id)).for('update');
      if (!current) throw notFound('Department not found');
      const family = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(or(eq(departments.id, id), eq(departments.parentId, id)));
      const ids = family.map((d) => d.id);
      const [{ sopCount }] = await tx.select({ sopCount: count() }).from(sops).where(inArray(sops.departmentId, ids));
      if (sopCount > 0) throw conflict(sopsBlockMessage(current.name, sopCount, ids.length > 1));
      await tx.delete(departments).where(eq(departments.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'department_deleted',
        entityType: 'department',
        entityId: id,
        metadata: { name: current.name, departmentsDeleted: ids.length },
      });
    });
  } catch (err) {
    // An SOP filed into it between the count and the delete: the FK (ON DELETE RESTRICT) refuses.
    if (isForeignKeyViolation(err)) throw conflict('Cannot delete this department: SOPs were just filed in it. Move them to another department first');
    throw err;
  }
}

function sopsBlockMessage(name: string, sopCount: number, withDepartments: boolean): string {
  const sopsText = sopCount === 1 ? '1 SOP' : `${sopCount} SOPs`;
  const where = withDepartments ? ' in this division and its departments' : '';
  return `Cannot delete "${name}": ${sopsText}${where} must be moved to another department first`;
}
