import { z } from 'zod';
import { PREVIEW_STATUSES, type PreviewStatus } from '../preview-status';
import { SOP_STATUSES, type ApprovalStatus, type SopStatus } from '../sop-lifecycle';
import { FileName, idField, idParams, multiLine, singleLine } from './fields';
import { ReviewFilterSchema, ReviewFrequency, type ReviewSchedule } from './review-loop';

const optionalText = (max: number, label: string, kind = multiLine) =>
  kind(label, `${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Tags: trimmed, empty ones ignored, duplicates ignored (SPEC §5). */
export const Tags = z
  .array(singleLine('A tag', 'A tag must be text').max(50, 'A tag must be at most 50 characters'))
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
export const KeepAttachmentIds = z.array(idField('An attachment id')).max(50, 'At most 50 attachments').optional();

/** POST /api/sops: the SOP and its first version (content optional here: a placeholder line is written when absent). */
export const CreateSopInput = z.object({
  title: singleLine('Title').trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  departmentId: idField('Department'),
  category: optionalText(100, 'Category', singleLine),
  summary: optionalText(2000, 'Summary'),
  tags: Tags,
  content: multiLine('Content', 'Content must be text').max(200_000, 'Content must be at most 200,000 characters').optional(),
  versionNumber: optionalText(20, 'Version number', singleLine),
  changelog: optionalText(2000, 'Changelog'),
  reviewFrequency: ReviewFrequency,
  keepAttachmentIds: KeepAttachmentIds,
  isConfidential: z.boolean().optional(),
});
export type CreateSopInput = z.input<typeof CreateSopInput>;

/** PUT /api/sops/{id}: same fields as create. */
export const UpdateSopInput = CreateSopInput;
export type UpdateSopInput = z.input<typeof UpdateSopInput>;

/** POST /api/sops/{id}/versions. */
export const CreateVersionInput = z.object({
  sopId: idField('SOP id').optional(),
  versionNumber: optionalText(20, 'Version number', singleLine),
  content: multiLine('Content').min(1, 'Content is required').max(200_000, 'Content must be at most 200,000 characters'),
  changelog: optionalText(2000, 'Changelog'),
  keepAttachmentIds: KeepAttachmentIds,
});
export type CreateVersionInput = z.input<typeof CreateVersionInput>;

/** GET /api/sops query. `status` 'all' or absent means every status. */
export const ListSopsQuery = z.object({
  departmentId: idField('Department').optional(),
  status: z.enum([...SOP_STATUSES, 'all']).optional(),
  search: singleLine('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  review: ReviewFilterSchema.optional(),
});
export type ListSopsQuery = z.input<typeof ListSopsQuery>;

/** POST /api/attachments (after PUT of the bytes to the upload URL). */
export const CreateAttachmentInput = z.object({
  versionId: idField('Version'),
  fileURL: singleLine('File URL').min(1, 'File URL is required').max(500, 'File URL must be at most 500 characters'),
  filename: z.string().max(255).optional(),
  originalName: FileName,
  mimeType: z.string().max(127).optional(),
  size: z.coerce.number().int().nonnegative().optional(),
});

export const IdParams = idParams();

/** An attachment's preview status, as every answer listing attachments carries it. */
export const PreviewStatusSchema = z.enum(PREVIEW_STATUSES);

/** POST /api/attachments/{id}/preview: 200 ready, 202 still being made, 422 failed (with the reason when known). */
export const PreviewRequestResult = z.object({ message: z.string(), reason: z.string().optional() });
export type PreviewRequestResult = z.infer<typeof PreviewRequestResult>;

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
  /** Where the preview stands; `failed` and `none` never change by themselves (stop polling). */
  previewStatus: PreviewStatus;
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
export interface SopListItem extends ReviewSchedule {
  id: number;
  title: string;
  departmentId: number;
  category: string | null;
  summary: string | null;
  tags: string[];
  ownerId: number | null;
  status: SopStatus;
  latestVersionId: number | null;
  /** Months between periodic reviews, or null. */
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
