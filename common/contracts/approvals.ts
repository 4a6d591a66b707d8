import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { APPROVAL_STATUSES, COMMENT_REQUIRED_MESSAGE, DECISIONS, decisionNeedsComment, SOP_STATUSES } from '../sop-lifecycle';
import { count, idField, isoDate, multiLine, optionalText } from './fields';
import { SOP_KINDS } from './circulars';
import { SignatureProof } from './signatures';
import { ApprovalTask, RevisionClassField } from './sops';
import { TranslationLanguage } from './translations';

/**
 * PUT /api/approvals/{taskId}: anything but the three decisions is a 400, and so is a request
 * for changes that does not say what to change (the 400 names `comments`).
 */
export const DecideTaskInput = z
  .object({
    status: z.enum(DECISIONS, { error: 'Status must be one of approved, changes_requested or rejected' }),
    comments: optionalText(5000, 'Comments'),
    /** Approving may change the class the submitter gave (ignored for other decisions). */
    revisionClass: RevisionClassField.optional(),
    /** The signer's proof: required when an administrator requires signatures, checked whenever given. */
    signature: SignatureProof.optional(),
  })
  .refine((input) => !decisionNeedsComment(input.status, input.comments), { message: COMMENT_REQUIRED_MESSAGE, path: ['comments'] });
export type DecideTaskInput = z.input<typeof DecideTaskInput>;

export const TaskIdParams = z.object({ taskId: idField('Approval task id') });

/** GET /api/approvals: the tasks the caller may decide, oldest first. */
export const ApprovalQueue = z.array(ApprovalTask);

/** The answer of PUT /api/approvals/{taskId}: the decided task, without its version. */
export const DecidedTask = ApprovalTask.omit({ version: true, decideFor: true, sentBack: true }).extend({
  sopId: z.number().int(),
  sopStatus: z.enum(SOP_STATUSES),
  /** A circular's release is said as its issue. */
  sopKind: z.enum(SOP_KINDS),
});
export type DecidedTask = z.input<typeof DecidedTask>;

/** A file of the attested version, and when the reader first opened it (null: not before attesting). */
export const AttestedFile = z.object({ attachmentId: z.number().int(), originalName: z.string(), openedAt: isoDate.nullable() });

/** One attestation row (POST /api/sop-versions/{id}/attestations: 201 when new, 200 when it already existed). */
export const Attestation = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  versionId: z.number().int(),
  attestedAt: isoDate,
  /** Every file of the version when attested, opened or not; null for attestations made before openings were recorded. */
  files: z.array(AttestedFile).nullable(),
  /** How many of `files` the reader had not opened (null: not known). */
  unopenedFiles: count.nullable(),
  /** Seconds from the reader's first opening of a file of the version to the attestation; null when no file was opened. */
  readingSeconds: count.nullable(),
  /** The language read: an approved translation of the version; null for the original. */
  language: z.enum(LANGUAGE_CODES).nullable(),
});
export type Attestation = z.input<typeof Attestation>;

/**
 * The body of POST /api/sop-versions/{id}/attestations (none at all when no signature is
 * required): `language` when the reader read the version's approved translation in it.
 */
export const AttestInput = z.object({ signature: SignatureProof.optional(), language: TranslationLanguage.optional() }).nullish();
export type AttestInput = z.input<typeof AttestInput>;

/** GET /api/sop-versions/{id}/attestations: how many have attested, and whether the caller has. */
export const AttestationSummary = z.object({
  versionId: z.number().int(),
  count: z.number().int(),
  attestedByMe: z.boolean(),
  /** When the caller attested, or null. */
  attestedAt: isoDate.nullable(),
  /** The files of this version the caller has opened (POST .../reads), by attachment id. */
  opened: z.array(z.number().int()),
});
export type AttestationSummary = z.input<typeof AttestationSummary>;

// ---- The review thread of a version ----

/** POST /api/sop-versions/{id}/comments. */
export const PostReviewCommentInput = z.object({
  body: multiLine('Comment', 'Comment must be text').trim().min(1, 'Write a comment first').max(5000, 'Comment must be at most 5000 characters'),
});
export type PostReviewCommentInput = z.input<typeof PostReviewCommentInput>;

/** One entry of the thread: a comment, or the comment a decision came with (`decision` set). */
export const ReviewComment = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  versionNumber: z.string(),
  body: z.string(),
  decision: z.enum(APPROVAL_STATUSES).nullable(),
  createdAt: isoDate,
  author: z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type ReviewComment = z.input<typeof ReviewComment>;

/** GET /api/sop-versions/{id}/comments: oldest first. */
export const ReviewThread = z.array(ReviewComment);

/** POST /api/sop-versions/{id}/reads: the reader opened this file of the version. */
export const RecordReadInput = z.object({ attachmentId: idField('Attachment id') });
export type RecordReadInput = z.input<typeof RecordReadInput>;

/** The answer: the reader's first opening of the file (201 the first time, 200 after). */
export const AttachmentRead = z.object({ versionId: z.number().int(), attachmentId: z.number().int(), openedAt: isoDate });
export type AttachmentRead = z.input<typeof AttachmentRead>;
