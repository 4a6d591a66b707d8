import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { approvalTasks, attachments, attestations, sops, sopVersions } from '../db/schema';

/**
 * Every row an SOP holds: the SOP, its versions, their files, approval tasks and attestations.
 * What a refused request must leave untouched, and what a withdrawal must keep.
 */
export async function sopRecords(db: Db, sopId: number) {
  const ofSop = eq(sopVersions.sopId, sopId);
  const [sop] = await db.select().from(sops).where(eq(sops.id, sopId));
  const versions = await db.select().from(sopVersions).where(ofSop);
  const files = await db.select({ id: attachments.id }).from(attachments).innerJoin(sopVersions, eq(sopVersions.id, attachments.versionId)).where(ofSop);
  const tasks = await db.select().from(approvalTasks).innerJoin(sopVersions, eq(sopVersions.id, approvalTasks.versionId)).where(ofSop);
  const attested = await db.select({ id: attestations.id }).from(attestations).innerJoin(sopVersions, eq(sopVersions.id, attestations.versionId)).where(ofSop);
  return { sop, versions, files, tasks, attested };
}
