import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Position, PositionInput } from '../../../../common/contracts/positions';
import type { Db } from '../../db/client';
import { departments, positions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { fieldChanges } from '../audit/field-changes.service';
import { isUniqueViolation } from '../auth/auth.service';

type Values = z.output<typeof PositionInput>;

const holders = sql<number>`(select count(*)::int from users u where u.position_id = ${positions.id} and u.active and u.deleted_at is null)`;
const columns = {
  id: positions.id,
  name: positions.name,
  departmentId: positions.departmentId,
  departmentName: departments.name,
  holders,
  createdAt: positions.createdAt,
  updatedAt: positions.updatedAt,
};

type Row = { departmentName: string } & Omit<z.output<typeof Position>, 'department'>;
const toPosition = ({ departmentName, ...row }: Row): z.output<typeof Position> => ({
  ...row,
  holders: Number(row.holders),
  department: { name: departmentName },
});

/** GET /api/positions: every position with its department, by department name then position name. */
export async function listPositions(db: Db): Promise<z.output<typeof Position>[]> {
  const rows = await db
    .select(columns)
    .from(positions)
    .innerJoin(departments, eq(departments.id, positions.departmentId))
    .orderBy(asc(sql`lower(${departments.name})`), asc(sql`lower(${positions.name})`), asc(positions.id));
  return rows.map(toPosition);
}

async function positionById(db: Db, id: number) {
  const [row] = await db.select(columns).from(positions).innerJoin(departments, eq(departments.id, positions.departmentId)).where(eq(positions.id, id));
  if (!row) throw notFound('Position not found');
  return toPosition(row);
}

async function departmentName(db: Db, departmentId: number): Promise<string> {
  const [row] = await db.select({ name: departments.name }).from(departments).where(eq(departments.id, departmentId));
  if (!row) throw badRequest('No such department', undefined, 'departmentId');
  return row.name;
}

/** The unique index on lower(name) answers duplicates, concurrent ones too. */
async function withDuplicateCheck<T>(values: Values, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A position named "${values.name}" already exists`, 'duplicate');
    throw err;
  }
}

export async function createPosition(db: Db, actor: SessionUser, values: Values): Promise<z.output<typeof Position>> {
  return withDuplicateCheck(values, () =>
    db.transaction(async (tx) => {
      const department = await departmentName(tx, values.departmentId);
      const [row] = await tx.insert(positions).values(values).returning({ id: positions.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'position_created',
        entityType: 'position',
        entityId: row.id,
        metadata: { name: values.name, department },
      });
      return positionById(tx, row.id);
    }),
  );
}

export async function updatePosition(db: Db, actor: SessionUser, id: number, values: Values): Promise<z.output<typeof Position>> {
  return withDuplicateCheck(values, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(positions).where(eq(positions.id, id)).for('update');
      if (!current) throw notFound('Position not found');
      const before = await departmentName(tx, current.departmentId);
      const after = await departmentName(tx, values.departmentId);
      await tx
        .update(positions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(positions.id, id));
      const changes = fieldChanges(
        { name: 'Name', department: 'Department' },
        { name: current.name, department: before },
        { name: values.name, department: after },
      );
      if (changes.length > 0) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'position_updated',
          entityType: 'position',
          entityId: id,
          metadata: { name: values.name, changes },
        });
      }
      return positionById(tx, id);
    }),
  );
}

/** Refuses ids that name no position (a person's position, an SOP's reading positions). */
export async function assertPositionsExist(db: Db, ids: readonly number[] | null | undefined, field: string): Promise<void> {
  if (!ids || ids.length === 0) return;
  const found = await db
    .select({ id: positions.id })
    .from(positions)
    .where(inArray(positions.id, [...ids]));
  if (found.length !== new Set(ids).size) throw badRequest('No such position', undefined, field);
}

/** Names of positions by id, for the audit trail. */
export async function positionNames(
  db: Db,
  ids: readonly (number | null | undefined)[],
): Promise<(id: number | null | undefined) => string | null | undefined> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const rows = wanted.length === 0 ? [] : await db.select({ id: positions.id, name: positions.name }).from(positions).where(inArray(positions.id, wanted));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return (id) => (id === undefined ? undefined : id === null ? null : (names.get(id) ?? `#${id}`));
}
