import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SopDetail } from '../../../../common/contracts/sops';
import type { Db } from '../../db/client';
import { approvalTasks, attachments, sops, sopVersions } from '../../db/schema';
import { notFound } from '../../http/errors';
import { toVersion } from './sop-mappers';
import { reviewScheduleOf } from './sop-review-schedule';

const person = { columns: { firstName: true, lastName: true } } as const;

/** GET /api/sops/{id}: the SOP with every version (newest first), their attachments and the people involved. */
export async function getSopDetail(db: Db, id: number, today?: string): Promise<z.output<typeof SopDetail>> {
  const row = await db.query.sops.findFirst({
    where: eq(sops.id, id),
    with: {
      department: { columns: { name: true } },
      owner: person,
      versions: {
        orderBy: [desc(sopVersions.id)],
        with: {
          attachments: { orderBy: [attachments.id], with: { preview: { columns: { attachmentId: true } }, text: { columns: { status: true } } } },
          submittedByUser: person,
          approvedByUser: person,
          approvalTasks: { where: eq(approvalTasks.status, 'pending'), columns: { id: true } },
        },
      },
    },
  });
  if (!row) throw notFound('SOP not found');

  const versions = row.versions.map(toVersion);
  const latestRow = row.versions.find((v) => v.id === row.latestVersionId) ?? null;
  const { searchVector: _vector, versions: _rows, ...sop } = row;
  return {
    ...sop,
    department: row.department ?? null,
    owner: row.owner ?? null,
    latestVersion: versions.find((v) => v.id === row.latestVersionId) ?? null,
    versions,
    hasPublishedVersion: versions.some((v) => v.isPublished),
    // Newest published version: what readers rely on while a newer draft is in progress.
    effectiveVersionId: versions.find((v) => v.isPublished)?.id ?? null,
    pendingTaskId: latestRow?.approvalTasks[0]?.id ?? null,
    ...(await reviewScheduleOf(db, id, today)),
  };
}

/** The few columns the permission checks need, or 404. */
export async function findSopForAccess(db: Db, id: number) {
  const [row] = await db
    .select({ id: sops.id, title: sops.title, ownerId: sops.ownerId, status: sops.status, latestVersionId: sops.latestVersionId })
    .from(sops)
    .where(eq(sops.id, id));
  if (!row) throw notFound('SOP not found');
  return row;
}
