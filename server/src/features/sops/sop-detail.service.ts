import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SopDetail } from '../../../../common/contracts/sops';
import { IN_FORCE_STATUS } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { approvalTasks, attachments, sops, sopVersions, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { toVersion } from './sop-mappers.helper';
import { assertSopVisible, type SopView, shownVersions } from './sop-visibility.service';
import { reviewScheduleOf } from './sop-review-schedule.service';
import { listSopTranslations } from '../translations/translation-read.service';

const person = { columns: { firstName: true, lastName: true } } as const;

/**
 * GET /api/sops/{id}: the SOP with every version the view may see (newest first), their
 * attachments and the people involved. A reader who does not own it gets it as its version in
 * force: that version alone, as the latest, with the status it was published with.
 */
export async function getSopDetail(db: Db, view: SopView, id: number, today?: string): Promise<z.output<typeof SopDetail>> {
  // The reads go out together (on a busy ship each then waits its turn at the database once, not
  // four times in a row); a refused visibility check still answers 404 and returns none of them.
  const [, row, translations, reviewSchedule] = await Promise.all([
    assertSopVisible(db, view, id),
    readSopWithVersions(db, id),
    listSopTranslations(db, view, id),
    reviewScheduleOf(db, id, today),
  ]);
  if (!row) throw notFound('SOP not found');

  const shown = shownVersions(view, row, row.versions);
  const versions = shown.map(toVersion);
  const hidesNewer = shown.length > 0 && shown[0].id !== row.latestVersionId;
  const latestVersionId = hidesNewer ? shown[0].id : row.latestVersionId;
  const latestRow = shown.find((v) => v.id === latestVersionId) ?? null;
  const { searchVector: _vector, versions: _rows, withdrawnBy: _by, withdrawalReason: _reason, withdrawnAt: _at, ...sop } = row;
  return {
    ...sop,
    status: hidesNewer ? IN_FORCE_STATUS : row.status,
    latestVersionId,
    department: row.department ?? null,
    owner: row.owner ?? null,
    latestVersion: versions.find((v) => v.id === latestVersionId) ?? null,
    versions,
    hasPublishedVersion: versions.some((v) => v.isPublished),
    // Newest published version: what readers rely on while a newer draft is in progress.
    effectiveVersionId: versions.find((v) => v.isPublished)?.id ?? null,
    inForce: inForceOf(row.versions),
    pendingTaskId: latestRow?.approvalTasks[0]?.id ?? null,
    withdrawal: await withdrawalOf(db, row),
    translations,
    ...reviewSchedule,
  };
}

/** The SOP with its department, owner and every version (files, people, the pending task). */
function readSopWithVersions(db: Db, id: number) {
  return db.query.sops.findFirst({
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
}

function inForceOf(versions: { id: number; versionNumber: string; approvedAt: Date | null; isPublished: boolean }[]) {
  const version = versions.find((v) => v.isPublished && v.approvedAt);
  return version?.approvedAt ? { id: version.id, versionNumber: version.versionNumber, approvedAt: version.approvedAt } : null;
}

/** The few columns the permission checks need, or 404. */
export async function findSopForAccess(db: Db, id: number) {
  const [row] = await db
    .select({
      id: sops.id,
      title: sops.title,
      ownerId: sops.ownerId,
      status: sops.status,
      latestVersionId: sops.latestVersionId,
      withdrawnAt: sops.withdrawnAt,
      // Ever had a version in force: approval is the release, and a published version stays published.
      everInForce: sql<boolean>`exists (select 1 from sop_versions v where v.sop_id = sops.id and v.is_published)`,
    })
    .from(sops)
    .where(eq(sops.id, id));
  if (!row) throw notFound('SOP not found');
  return row;
}

/** When, by whom and why the SOP was withdrawn, or null. */
async function withdrawalOf(db: Db, sop: { withdrawnAt: Date | null; withdrawnBy: number | null; withdrawalReason: string | null }) {
  if (!sop.withdrawnAt) return null;
  const [by] = sop.withdrawnBy
    ? await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, sop.withdrawnBy))
    : [];
  return { at: sop.withdrawnAt, reason: sop.withdrawalReason ?? '', by: by ?? null };
}
