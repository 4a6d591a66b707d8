import type { Attachment, SopVersion } from '../../../../common/contracts/sops';
import type { attachments, sopVersions } from '../../db/schema';

type AttachmentRow = typeof attachments.$inferSelect;
type VersionRow = typeof sopVersions.$inferSelect;
type PersonRef = { firstName: string | null; lastName: string | null } | null;

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export function toAttachment(row: AttachmentRow & { preview?: { attachmentId: number } | null }): Attachment {
  const { preview, sha256: _stored, ...rest } = row;
  return { ...rest, createdAt: iso(row.createdAt), hasPreview: preview != null };
}

export function toVersion(
  row: VersionRow & {
    attachments?: (AttachmentRow & { preview?: { attachmentId: number } | null })[];
    submittedByUser?: PersonRef;
    approvedByUser?: PersonRef;
  },
): SopVersion {
  return {
    id: row.id,
    sopId: row.sopId,
    versionNumber: row.versionNumber,
    content: row.content,
    changelog: row.changelog,
    createdBy: row.createdBy,
    submittedBy: row.submittedBy,
    submittedAt: isoOrNull(row.submittedAt),
    approvedBy: row.approvedBy,
    approvedAt: isoOrNull(row.approvedAt),
    isPublished: row.isPublished,
    createdAt: iso(row.createdAt),
    attachments: (row.attachments ?? []).map(toAttachment),
    submittedByUser: row.submittedByUser ?? null,
    approvedByUser: row.approvedByUser ?? null,
  };
}
