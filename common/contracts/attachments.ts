import { z } from 'zod';
import { PREVIEW_STATUSES } from '../preview-status';
import { TEXT_STATUSES } from '../text-status';
import { LANGUAGE_CODES } from '../languages';
import { ErrorBody } from './errors';
import { FileName, idField, isoDate, singleLine } from './fields';

/** The files of an SOP version: uploading them, the stored attachment, its preview and its reader view. */

const int = z.number().int();

/** POST /api/attachments (after PUT of the bytes to the upload URL). */
export const CreateAttachmentInput = z.object({
  versionId: idField('Version'),
  fileURL: singleLine('File URL').min(1, 'File URL is required').max(500, 'File URL must be at most 500 characters'),
  filename: z.string().max(255).optional(),
  originalName: FileName,
  mimeType: z.string().max(127).optional(),
  size: z.coerce.number().int().nonnegative().optional(),
});

/** An attachment's preview status, as every answer listing attachments carries it. */
export const PreviewStatusSchema = z.enum(PREVIEW_STATUSES);

/** POST /api/attachments/{id}/preview: 200 ready, 202 still being made (both a message). */
export const PreviewRequestResult = z.object({ message: z.string(), reason: z.string().optional() });
export type PreviewRequestResult = z.infer<typeof PreviewRequestResult>;
/** ... and 422 when it failed, with the reason when known. */
export const PreviewFailedBody = ErrorBody.extend({ reason: z.string().optional() });

/**
 * GET /api/attachments/{id}/html, the reader's view of a Word (docx) file: 200 with the
 * sanitised HTML, 202 while it is being converted (ask again), 422 `unreadable_document`
 * when it could not be converted (never tried again; the file still downloads).
 */
export const DocumentHtmlAnswer = z.object({ html: z.string() });
export type DocumentHtmlAnswer = z.infer<typeof DocumentHtmlAnswer>;

/** A file of a version, as every answer listing attachments carries it. */
export const Attachment = z.object({
  id: int,
  versionId: int,
  filename: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  objectPath: z.string().nullable(),
  fileURL: z.string().nullable(),
  createdAt: isoDate,
  /** True once a preview image is stored. */
  hasPreview: z.boolean().optional(),
  /** Where the preview stands; `failed` and `none` never change by themselves (stop polling). */
  previewStatus: PreviewStatusSchema,
  /** Where the file's searchable text stands; `failed` and `none` never change by themselves. */
  textStatus: z.enum(TEXT_STATUSES),
});
export type Attachment = z.input<typeof Attachment>;

/** POST /api/sop-versions/{id}/attachments: one file answers the attachment, several an array. */
export const UploadAttachmentsResult = z.union([Attachment, z.array(Attachment)]);
export type UploadAttachmentsResult = z.input<typeof UploadAttachmentsResult>;

/** POST /api/objects/upload. */
export const UploadUrlResult = z.object({ uploadURL: z.string() });
export type UploadUrlResult = z.infer<typeof UploadUrlResult>;

/** PUT /api/objects/uploads/{id}: the bytes were stored. */
export const UploadReceived = z.object({ message: z.string(), size: int });

/** GET /api/attachments/{id}/controlled-copy?language=uk: the printed words in that language (the printer's own if not named). */
export const ControlledCopyQuery = z.object({ language: z.enum(LANGUAGE_CODES).optional() });
