import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Attestation, AttestationSummary } from '../../../../common/contracts/approvals';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { attestations, sopVersions, sops } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { assertVersionVisible, viewOf } from '../sops/sop-visibility.service';

async function findVersion(db: Db, actor: SessionUser, versionId: number) {
  await assertVersionVisible(db, viewOf(actor), versionId, 'This SOP version does not exist');
  const [row] = await db
    .select({ id: sopVersions.id, isPublished: sopVersions.isPublished, versionNumber: sopVersions.versionNumber, sopId: sops.id, title: sops.title })
    .from(sopVersions)
    .innerJoin(sops, eq(sops.id, sopVersions.sopId))
    .where(eq(sopVersions.id, versionId));
  if (!row) throw notFound('This SOP version does not exist');
  return row;
}

/**
 * Record that the actor has read a published version. One row per user and version: attesting
 * again answers the existing row (created = false) and writes no second audit event.
 */
export async function attest(db: Db, actor: SessionUser, versionId: number): Promise<{ attestation: z.output<typeof Attestation>; created: boolean }> {
  const version = await findVersion(db, actor, versionId);
  if (!version.isPublished)
    throw conflict(`Only a published version can be attested; version ${version.versionNumber} of "${version.title}" is not published`, 'not_published');
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(attestations)
      .values({ userId: actor.id, versionId })
      .onConflictDoNothing({ target: [attestations.userId, attestations.versionId] })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(attestations)
        .where(and(eq(attestations.userId, actor.id), eq(attestations.versionId, versionId)));
      return { attestation: existing, created: false };
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'sop_attested',
      entityType: 'sop',
      entityId: version.sopId,
      metadata: { title: version.title, versionId, versionNumber: version.versionNumber },
    });
    return { attestation: inserted, created: true };
  });
}

export async function attestationSummary(db: Db, actor: SessionUser, versionId: number): Promise<z.output<typeof AttestationSummary>> {
  await findVersion(db, actor, versionId);
  const [[{ total }], [mine]] = await Promise.all([
    db.select({ total: count() }).from(attestations).where(eq(attestations.versionId, versionId)),
    db
      .select({ attestedAt: attestations.attestedAt })
      .from(attestations)
      .where(and(eq(attestations.versionId, versionId), eq(attestations.userId, actor.id))),
  ]);
  return { versionId, count: Number(total), attestedByMe: Boolean(mine), attestedAt: mine?.attestedAt ?? null };
}
