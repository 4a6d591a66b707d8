import { eq } from 'drizzle-orm';
import { INITIAL_STATUS, type SopStatus, SUBMITTED_STATUS } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { approvalTasks, departments, sopVersions, sops } from '../../db/schema';

/** Test data written straight to the tables, for tests that are not about creating or submitting SOPs. */

let counter = 0;

export async function createDepartment(db: Db, name = `Deck ${++counter}`) {
  const [row] = await db.insert(departments).values({ name }).returning();
  return row;
}

export interface SubmittedSopOptions {
  departmentId: number;
  ownerId: number;
  title?: string;
  versionNumber?: string;
  content?: string;
  status?: SopStatus;
  /** When set, the version is stamped as submitted and a pending approval task is created. */
  submittedBy?: number | null;
  submittedAt?: Date;
  taskCreatedAt?: Date;
}

/** An SOP with one version, submitted for approval with a pending task unless submittedBy is null. */
export async function createSubmittedSop(db: Db, opts: SubmittedSopOptions) {
  const title = opts.title ?? `Mooring procedure ${++counter}`;
  const submittedBy = opts.submittedBy === undefined ? opts.ownerId : opts.submittedBy;
  const [sop] = await db
    .insert(sops)
    .values({ title, departmentId: opts.departmentId, ownerId: opts.ownerId, status: opts.status ?? (submittedBy === null ? INITIAL_STATUS : SUBMITTED_STATUS) })
    .returning();
  const [version] = await db
    .insert(sopVersions)
    .values({
      sopId: sop.id,
      versionNumber: opts.versionNumber ?? '1.0',
      content: opts.content ?? '# Purpose\n\nSecure the vessel alongside.',
      changelog: 'Initial version',
      createdBy: opts.ownerId,
      submittedBy,
      submittedAt: submittedBy === null ? null : (opts.submittedAt ?? new Date()),
    })
    .returning();
  await db.update(sops).set({ latestVersionId: version.id }).where(eq(sops.id, sop.id));
  const task =
    submittedBy === null
      ? null
      : (await db.insert(approvalTasks).values({ versionId: version.id, ...(opts.taskCreatedAt ? { createdAt: opts.taskCreatedAt } : {}) }).returning())[0];
  return { sop, version, task };
}
