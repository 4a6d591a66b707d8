import { z } from 'zod';
import { SOP_STATUSES, type ApprovalStatus, type SopStatus } from '../statuses';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Tags: trimmed, empty ones ignored, duplicates ignored (SPEC §5). */
export const Tags = z
  .array(z.string().max(50, 'A tag must be at most 50 characters'))
  .max(30, 'At most 30 tags')
  .default([])
  .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))]);

export function normalizeTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

/**
 * When a save adds a version: which attachments of the current latest version carry
 * forward into the new one. Absent means all of them (a text-only edit keeps its files).
 */
export const KeepAttachmentIds = z.array(z.coerce.number().int().positive()).max(50, 'At most 50 attachments').optional();

/** POST /api/sops: the SOP and its first version (content optional here: a placeholder line is written when absent). */
export const CreateSopInput = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  departmentId: z.coerce.number({ error: 'Department is required' }).int().positive('Department is required'),
  category: optionalText(100, 'Category'),
  summary: optionalText(2000, 'Summary'),
  tags: Tags,
  content: z.string().max(200_000, 'Content must be at most 200,000 characters').optional(),
  versionNumber: optionalText(20, 'Version number'),
  changelog: optionalText(2000, 'Changelog'),
  reviewFrequency: z.coerce.number().int().positive().max(3650).optional().nullable(),
  keepAttachmentIds: KeepAttachmentIds,
  isConfidential: z.boolean().optional(),
});
export type CreateSopInput = z.input<typeof CreateSopInput>;

/** PUT /api/sops/{id}: same fields as create. */
export const UpdateSopInput = CreateSopInput;
export type UpdateSopInput = z.input<typeof UpdateSopInput>;

/** POST /api/sops/{id}/versions. */
export const CreateVersionInput = z.object({
  sopId: z.coerce.number().int().positive().optional(),
  versionNumber: optionalText(20, 'Version number'),
  content: z.string({ error: 'Content is required' }).min(1, 'Content is required').max(200_000, 'Content must be at most 200,000 characters'),
  changelog: optionalText(2000, 'Changelog'),
  keepAttachmentIds: KeepAttachmentIds,
});
export type CreateVersionInput = z.input<typeof CreateVersionInput>;

/** GET /api/sops query. `status` 'all' or absent means every status. */
export const ListSopsQuery = z.object({
  departmentId: z.coerce.number().int().positive().optional(),
  status: z.enum([...SOP_STATUSES, 'all']).optional(),
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type ListSopsQuery = z.input<typeof ListSopsQuery>;

/** POST /api/attachments (after PUT of the bytes to the upload URL). */
export const CreateAttachmentInput = z.object({
  versionId: z.coerce.number().int().positive(),
  fileURL: z.string().min(1).max(500),
  filename: z.string().max(255).optional(),
  originalName: z.string().min(1).max(255),
  mimeType: z.string().max(127).optional(),
  size: z.coerce.number().int().nonnegative().optional(),
});

export const IdParams = z.object({ id: z.coerce.number().int().positive('Unknown id') });

// ---- Response shapes (dates arrive as ISO strings in JSON) ----

export type IsoDate = string;

export interface UserRef {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username?: string;
}

export interface Attachment {
  id: number;
  versionId: number;
  filename: string;
  originalName: string;
  mimeType: string;
  size: number;
  objectPath: string | null;
  fileURL: string | null;
  createdAt: IsoDate;
  /** True once a preview image is stored. */
  hasPreview?: boolean;
}

export interface SopVersion {
  id: number;
  sopId: number;
  versionNumber: string;
  content: string;
  changelog: string | null;
  createdBy: number | null;
  submittedBy: number | null;
  submittedAt: IsoDate | null;
  approvedBy: number | null;
  approvedAt: IsoDate | null;
  isPublished: boolean;
  createdAt: IsoDate;
  attachments: Attachment[];
  submittedByUser: { firstName: string | null; lastName?: string | null } | null;
  approvedByUser?: { firstName: string | null; lastName?: string | null } | null;
}

/** A row of GET /api/sops: lean, no content and no blobs. */
export interface SopListItem {
  id: number;
  title: string;
  departmentId: number;
  category: string | null;
  summary: string | null;
  tags: string[];
  ownerId: number | null;
  status: SopStatus;
  latestVersionId: number | null;
  reviewFrequency: number | null;
  isConfidential: boolean;
  createdAt: IsoDate;
  updatedAt: IsoDate;
  department: { name: string } | null;
  owner: { firstName: string | null; lastName: string | null } | null;
  latestVersion: {
    id: number;
    versionNumber: string;
    isPublished: boolean;
    submittedAt: IsoDate | null;
    approvedAt: IsoDate | null;
    createdAt: IsoDate;
    /** Who submitted it, so the list offers Approve only to those who may decide. */
    submittedBy: number | null;
    attachmentCount: number;
    /** First attachment of the latest version, for the list's Download action. */
    firstAttachmentId: number | null;
    submittedByUser: { firstName: string | null; lastName?: string | null } | null;
  } | null;
  /** Whether any version is published ("No approved version" filter). */
  hasPublishedVersion: boolean;
  /** The pending approval task of the latest version, for the list's Approve action. */
  pendingTaskId: number | null;
  /** Short content excerpt for the Preview dialog is fetched from the detail call. */
}

/** GET /api/sops/{id}. */
export interface SopDetail extends Omit<SopListItem, 'latestVersion'> {
  latestVersion: SopVersion | null;
  /** Newest first, each with its attachments. */
  versions: SopVersion[];
  /** The newest published version: the effective one readers use. */
  effectiveVersionId: number | null;
}

export interface ApprovalTask {
  id: number;
  versionId: number;
  approverId: number | null;
  status: ApprovalStatus;
  dueAt: IsoDate | null;
  comments: string | null;
  createdAt: IsoDate;
  updatedAt: IsoDate;
  version: SopVersion & { sop: { id: number; title: string; status: SopStatus; department: { name: string } | null } };
}

/** POST /api/sops/{id}/submit: the submitted SOP, the opened approval task and a message. */
export interface SubmitSopResult extends SopDetail {
  taskId: number;
  message: string;
}

/** POST /api/sop-versions/{id}/attachments: one file answers the attachment, several an array. */
export type UploadAttachmentsResult = Attachment | Attachment[];

/** POST /api/objects/upload. */
export interface UploadUrlResult {
  uploadURL: string;
}
