import type { z } from 'zod';
import type { Attachment, SopVersion } from '../../../../common/contracts/sops';
import type { attachments, sopVersions } from '../../db/schema';

type AttachmentRow = typeof attachments.$inferSelect;
type VersionRow = typeof sopVersions.$inferSelect;
type PersonRef = { firstName: string | null; lastName: string | null } | null;

export function toAttachment(row: AttachmentRow & { preview?: { attachmentId: number } | null }): z.output<typeof Attachment> {
  const { preview, sha256: _stored, ...rest } = row;
  return { ...rest, hasPreview: preview != null };
}

export function toVersion(
  row: VersionRow & {
    attachments?: (AttachmentRow & { preview?: { attachmentId: number } | null })[];
    submittedByUser?: PersonRef;
    approvedByUser?: PersonRef;
  },
): z.output<typeof SopVersion> {
  return {
    id: row.id,
    sopId: row.sopId,
    versionNumber: row.versionNumber,
    content: row.content,
    changelog: row.changelog,
    createdBy: row.createdBy,
    submittedBy: row.submittedBy,
    submittedAt: row.submittedAt,
    approvedBy: row.approvedBy,
    approvedAt: row.approvedAt,
    isPublished: row.isPublished,
    createdAt: row.createdAt,
    attachments: (row.attachments ?? []).map(toAttachment),
    submittedByUser: row.submittedByUser ?? null,
    approvedByUser: row.approvedByUser ?? null,
  };
}
