import { asc, sql } from 'drizzle-orm';
import type { ApprovalTask, SopVersion } from '../../../../common/contracts/sops';
import type { Actor } from '../../../../common/permissions';
import type { Db } from '../../db/client';
import { approvalTasks, attachments } from '../../db/schema';
import { decidableTaskIds } from './decidable-tasks';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const nameColumns = { columns: { firstName: true, lastName: true } } as const;

/**
 * The Approval Center's queue, oldest first: one relational query (drizzle builds the nested
 * version, SOP, department, submitter and attachments as JSON in the same statement).
 */
export async function listDecidableTasks(db: Db, actor: Actor): Promise<ApprovalTask[]> {
  const rows = await db.query.approvalTasks.findMany({
    where: sql`${approvalTasks.id} in (${decidableTaskIds(actor)})`,
    orderBy: [asc(approvalTasks.createdAt), asc(approvalTasks.id)],
    with: {
      version: {
        with: {
          attachments: {
            orderBy: [asc(attachments.id)],
            extras: { hasPreview: sql<boolean>`exists (select 1 from attachment_previews p where p.attachment_id = ${attachments.id})`.as('has_preview') },
          },
          submittedByUser: nameColumns,
          approvedByUser: nameColumns,
          sop: {
            columns: { id: true, title: true, status: true },
            with: { department: { columns: { name: true } } },
          },
        },
      },
    },
  });
  return rows.map((row) => {
    const { version } = row;
    const shaped: SopVersion = {
      ...version,
      submittedAt: iso(version.submittedAt),
      approvedAt: iso(version.approvedAt),
      createdAt: version.createdAt.toISOString(),
      attachments: version.attachments.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    };
    return {
      ...row,
      dueAt: iso(row.dueAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: { ...shaped, sop: version.sop },
    };
  });
}
