import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Department } from '../../../../common/contracts/departments';
import type { Db } from '../../db/client';
import { departments, sops } from '../../db/schema';
import { type SopView, sopVisible } from '../sops/sop-visibility.service';

/** Divisions first, then each division's departments, by name; with the counts of the SOPs `view` may see. */
export async function listDepartments(db: Db, view: SopView): Promise<z.output<typeof Department>[]> {
  const counts = db
    .select({ departmentId: sops.departmentId, sopCount: count().as('sop_count') })
    .from(sops)
    .where(sopVisible(view))
    .groupBy(sops.departmentId)
    .as('counts');
  const rows = await db
    .select({ ...getTableColumns(departments), sopCount: sql<number>`coalesce(${counts.sopCount}, 0)::int` })
    .from(departments)
    .leftJoin(counts, eq(counts.departmentId, departments.id))
    .orderBy(asc(sql`coalesce(${departments.parentId}, ${departments.id})`), asc(sql`${departments.parentId} is not null`), asc(departments.name));
  return rows;
}
