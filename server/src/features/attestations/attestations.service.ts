import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Attestation, AttestationSummary, AttachmentRead } from '../../../../common/contracts/approvals';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import type { LanguageCode } from '../../../../common/languages';
import { languageName } from '../../../../common/translation-rules';
import type { Db } from '../../db/client';
import { attachmentReads, attachments, attestations } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { hasApprovedTranslation } from '../translations/translation-read.service';
import { recordAudit } from '../audit/audit.service';
import { versionDigest } from '../signatures/version-digest.service';
import { findVersionWithSop } from '../sops/sop-version-lookup.service';
import { assertVersionVisible, viewOf } from '../sops/sop-visibility.service';

/**
 * The version, if the actor may read it (the one visibility rule of SOPs and versions); any
 * other is 404, as if it did not exist.
 */
export async function findReadableVersion(db: Db, actor: SessionUser, versionId: number) {
  await assertVersionVisible(db, viewOf(actor), versionId, 'This SOP version does not exist');
  const row = await findVersionWithSop(db, versionId);
  if (!row) throw notFound('This SOP version does not exist');
  return {
    id: row.versionId,
    isPublished: row.isPublished,
    versionNumber: row.versionNumber,
    sopId: row.sopId,
    title: row.sopTitle,
    withdrawnAt: row.withdrawnAt,
  };
}

type Read = z.output<typeof AttachmentRead>;

/**
 * POST /api/sop-versions/{id}/reads: the reader opened a file of the version. The first
 * opening is kept; opening it again answers that one (created = false).
 */
export async function recordRead(db: Db, actor: SessionUser, versionId: number, attachmentId: number): Promise<{ read: Read; created: boolean }> {
  const version = await findReadableVersion(db, actor, versionId);
  const [file] = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(eq(attachments.id, attachmentId), eq(attachments.versionId, versionId)));
  if (!file) throw notFound(`File ${attachmentId} is not a file of version ${version.versionNumber} of "${version.title}"`);
  const [inserted] = await db
    .insert(attachmentReads)
    .values({ userId: actor.id, attachmentId })
    .onConflictDoNothing()
    .returning({ openedAt: attachmentReads.openedAt });
  if (inserted) return { read: { versionId, attachmentId, openedAt: inserted.openedAt }, created: true };
  const [existing] = await db
    .select({ openedAt: attachmentReads.openedAt })
    .from(attachmentReads)
    .where(and(eq(attachmentReads.userId, actor.id), eq(attachmentReads.attachmentId, attachmentId)));
  return { read: { versionId, attachmentId, openedAt: existing.openedAt }, created: false };
}

/** Every file of the version with the reader's first opening of it (null: never opened), in upload order. */
function filesAsOpenedBy(db: Pick<Db, 'select'>, userId: number, versionId: number) {
  return db
    .select({ attachmentId: attachments.id, originalName: attachments.originalName, openedAt: attachmentReads.openedAt })
    .from(attachments)
    .leftJoin(attachmentReads, and(eq(attachmentReads.attachmentId, attachments.id), eq(attachmentReads.userId, userId)))
    .where(eq(attachments.versionId, versionId))
    .orderBy(asc(attachments.id));
}

const toAttestation = (row: typeof attestations.$inferSelect): z.output<typeof Attestation> => ({
  id: row.id,
  userId: row.userId,
  versionId: row.versionId,
  attestedAt: row.attestedAt,
  files: row.files?.map((f) => ({ ...f, openedAt: f.openedAt === null ? null : new Date(f.openedAt) })) ?? null,
  unopenedFiles: row.unopenedFiles,
  readingSeconds: row.readingSeconds,
  language: row.language,
});

/**
 * Record that the actor has read a published version. One row per user and version: attesting
 * again answers the existing row (created = false) and writes no second audit event. The row
 * keeps each file of the version with the actor's first opening of it, and the reading time:
 * whole seconds from the first opening of any of them to the attestation (null when none was opened).
 */
export async function attest(
  db: Db,
  actor: SessionUser,
  versionId: number,
  signatureMethod: SignatureMethod | null = null,
  language: LanguageCode | null = null,
): Promise<{ attestation: z.output<typeof Attestation>; created: boolean }> {
  const version = await findReadableVersion(db, actor, versionId);
  if (version.withdrawnAt) throw conflict(`"${version.title}" was withdrawn; it is kept in the archive and is no longer read or attested`, 'withdrawn');
  if (!version.isPublished)
    throw conflict(`Only a published version can be attested; version ${version.versionNumber} of "${version.title}" is not published`, 'not_published');
  if (language && !(await hasApprovedTranslation(db, versionId, language))) {
    throw badRequest(
      `Version ${version.versionNumber} of "${version.title}" has no approved ${languageName(language)} translation; attest the original, without a language`,
      undefined,
      'language',
    );
  }
  return db.transaction(async (tx) => {
    const files = await filesAsOpenedBy(tx, actor.id, versionId);
    const opened = files.flatMap((f) => (f.openedAt ? [f.openedAt.getTime()] : []));
    const firstOpened = opened.length ? new Date(Math.min(...opened)) : null;
    const [inserted] = await tx
      .insert(attestations)
      .values({
        userId: actor.id,
        versionId,
        signatureMethod,
        language,
        // What was read: the digest of the version's text and files (version-digest.service.ts).
        contentSha256: await versionDigest(tx, versionId),
        files: files.map((f) => ({ ...f, openedAt: f.openedAt?.toISOString() ?? null })),
        unopenedFiles: files.length - opened.length,
        // now() is the transaction's time, the same as attested_at's default: both clocks are the database's.
        readingSeconds: firstOpened && sql`greatest(0, floor(extract(epoch from now() - ${firstOpened.toISOString()}::timestamptz)))::int`,
      })
      .onConflictDoNothing({ target: [attestations.userId, attestations.versionId] })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(attestations)
        .where(and(eq(attestations.userId, actor.id), eq(attestations.versionId, versionId)));
      return { attestation: toAttestation(existing), created: false };
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'sop_attested',
      entityType: 'sop',
      entityId: version.sopId,
      metadata: {
        title: version.title,
        versionId,
        versionNumber: version.versionNumber,
        unopenedFiles: inserted.unopenedFiles,
        readingSeconds: inserted.readingSeconds,
        ...(language ? { language } : {}),
        ...(signatureMethod ? { signatureMethod, sha256: inserted.contentSha256 } : {}),
      },
    });
    return { attestation: toAttestation(inserted), created: true };
  });
}

export async function attestationSummary(db: Db, actor: SessionUser, versionId: number): Promise<z.output<typeof AttestationSummary>> {
  await findReadableVersion(db, actor, versionId);
  const [[{ total }], [mine], files] = await Promise.all([
    db.select({ total: count() }).from(attestations).where(eq(attestations.versionId, versionId)),
    db
      .select({ attestedAt: attestations.attestedAt })
      .from(attestations)
      .where(and(eq(attestations.versionId, versionId), eq(attestations.userId, actor.id))),
    filesAsOpenedBy(db, actor.id, versionId),
  ]);
  return {
    versionId,
    count: Number(total),
    attestedByMe: Boolean(mine),
    attestedAt: mine?.attestedAt ?? null,
    opened: files.flatMap((f) => (f.openedAt ? [f.attachmentId] : [])),
  };
}
