import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sopVersions, sops } from '../../db/schema';

/** A version and the SOP it belongs to, as deciding on it, attesting it and printing it need them (undefined: no such version). */
export async function findVersionWithSop(db: Pick<Db, 'select'>, versionId: number) {
  const [row] = await db
    .select({
      versionId: sopVersions.id,
      versionNumber: sopVersions.versionNumber,
      isPublished: sopVersions.isPublished,
      submittedBy: sopVersions.submittedBy,
      approvedAt: sopVersions.approvedAt,
      sopId: sops.id,
      sopTitle: sops.title,
      sopStatus: sops.status,
    })
    .from(sopVersions)
    .innerJoin(sops, eq(sops.id, sopVersions.sopId))
    .where(eq(sopVersions.id, versionId));
  return row;
}
