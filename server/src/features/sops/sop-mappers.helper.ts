import type { z } from 'zod';
import type { SopVersion } from '../../../../common/contracts/sops';
import type { attachments, sopVersions } from '../../db/schema';
import { type AttachmentExtras, toAttachment } from '../attachments/attachment-store.service';

type AttachmentRow = typeof attachments.$inferSelect;
type VersionRow = typeof sopVersions.$inferSelect;
type PersonRef = { firstName: string | null; lastName: string | null } | null;

export function toVersion(
  row: VersionRow & {
    attachments?: (AttachmentRow & AttachmentExtras)[];
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
    revisionClass: row.revisionClass,
    attachments: (row.attachments ?? []).map(toAttachment),
    submittedByUser: row.submittedByUser ?? null,
    approvedByUser: row.approvedByUser ?? null,
  };
}
