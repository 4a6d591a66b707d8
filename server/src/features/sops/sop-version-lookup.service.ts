import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sopVersions, sops } from '../../db/schema';

/**
 * A version and the SOP it belongs to, as deciding on it, attesting it, adding files to it and
 * printing it need them (undefined: no such version). With `lock`, the SOP row is held until
 * the transaction ends.
 */
export async function findVersionWithSop(db: Pick<Db, 'select'>, versionId: number, lock = false) {
  const query = db
    .select({
      versionId: sopVersions.id,
      versionNumber: sopVersions.versionNumber,
      isPublished: sopVersions.isPublished,
      submittedBy: sopVersions.submittedBy,
      approvedAt: sopVersions.approvedAt,
      sopId: sops.id,
      sopTitle: sops.title,
      sopStatus: sops.status,
      sopKind: sops.kind,
      ownerId: sops.ownerId,
      latestVersionId: sops.latestVersionId,
      withdrawnAt: sops.withdrawnAt,
    })
    .from(sopVersions)
    .innerJoin(sops, eq(sops.id, sopVersions.sopId))
    .where(eq(sopVersions.id, versionId));
  const [row] = lock ? await query.for('update', { of: sops }) : await query;
  return row;
}
