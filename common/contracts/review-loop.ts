import { z } from 'zod';
import { AuditFieldChange } from './audit';
import { REVISION_CLASSES } from '../revision-classes';
import { REVIEW_FILTERS, REVIEW_FREQUENCY_MONTHS, REVIEW_STATUSES } from '../review-clock';
import { SIGNED_MEANINGS } from '../signature-meanings';
import { idField, isoDate, optionalText } from './fields';
import { SIGNATURE_METHODS } from './signatures';

/**
 * The review loop: an SOP's history, the comparison of two of its versions and its
 * periodic review. Timestamps are `isoDate` (Dates on the server, ISO strings in JSON);
 * each type is the answer as the client receives it.
 */

/** A calendar day, 'YYYY-MM-DD'. */
const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const person = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() });

const { min, max } = REVIEW_FREQUENCY_MONTHS;
const frequencyMessage = `Review frequency must be a whole number of months from ${min} to ${max}, or empty for none`;

/** The form's field: months from 1 to 60; empty (null, '') means no periodic review. */
export const ReviewFrequency = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: frequencyMessage }).int(frequencyMessage).min(min, frequencyMessage).max(max, frequencyMessage).nullable().optional(),
);

export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);

/** GET /api/sops?review=: only the SOPs whose review is due soon, or overdue. */
export const ReviewFilterSchema = z.enum(REVIEW_FILTERS, { error: 'Review must be due_soon or overdue' });

/** What list and detail answers carry about the review clock. */
export const ReviewSchedule = z.object({
  /** The later of the version in force's approval and the last confirmed review, plus the frequency; null without either. */
  nextReviewDue: calendarDay.nullable(),
  reviewStatus: ReviewStatusSchema.nullable(),
});
export type ReviewSchedule = z.infer<typeof ReviewSchedule>;

// ---- History ----

/** The signature an event carries: the actor signed, in this capacity, for this digest of the version. */
export const HistorySignature = z.object({
  meaning: z.enum(SIGNED_MEANINGS),
  /** The step of the route decided; null for an attestation. */
  stepName: z.string().nullable(),
  /** How the signer proved themselves (null: no proof was asked for). */
  method: z.enum(SIGNATURE_METHODS).nullable(),
  /** The digest of the version signed (null: signed before digests were kept). */
  sha256: z.string().nullable(),
});
export type HistorySignature = z.input<typeof HistorySignature>;

/** One event of GET /api/sops/{id}/history (newest first). */
export const SopHistoryEvent = z.object({
  id: z.number().int(),
  /** The audit action: sop_created, sop_version_created, sop_submitted, sop_approved, sop_changes_requested, sop_review_confirmed ... */
  action: z.string(),
  at: isoDate,
  actor: person.nullable(),
  versionId: z.number().int().nullable(),
  versionNumber: z.string().nullable(),
  comments: z.string().nullable(),
  /** The revision class a submission or an approval gave the version; null for other events. */
  revisionClass: z.enum(REVISION_CLASSES).nullable(),
  /** A delegate's decision: the absent person the actor decided for; null for other events. */
  onBehalfOf: person.nullable(),
  /** A decision on a step, or an attestation signed with a proof; null for other events. */
  signature: HistorySignature.nullable(),
  /** A change of details (title, summary, ...) of an SOP in force: field by field; null for other events. */
  changes: z.array(AuditFieldChange).nullable(),
  /** With a change of details: the digest of the details in force after it (`sop-details-digest`); null otherwise. */
  detailsSha256: z.string().nullable(),
});
export type SopHistoryEvent = z.input<typeof SopHistoryEvent>;
export const SopHistory = z.array(SopHistoryEvent);
export type SopHistory = z.input<typeof SopHistory>;

// ---- Compare ----

export const CompareQuery = z.object({ from: idField('From version'), to: idField('To version') });
export type CompareQuery = z.input<typeof CompareQuery>;

export const DIFF_OPS = ['equal', 'insert', 'delete'] as const;
export type DiffOp = (typeof DIFF_OPS)[number];

/** A run of text kept, inserted or deleted. */
export const DiffPart = z.object({ op: z.enum(DIFF_OPS), text: z.string() });
export type DiffPart = z.infer<typeof DiffPart>;

/** How a file of one version stands to the files of the other. */
export const FILE_CHANGES = ['unchanged', 'changed', 'added', 'removed'] as const;
/**
 * Whether the text of a changed file could be compared: `ready` both texts were read,
 * `pending` one is still being read, `not_text` one is not a PDF, Word or text file (or
 * the two are of different kinds), `failed` one could not be read.
 */
export const FILE_TEXT_STATES = ['ready', 'pending', 'not_text', 'failed'] as const;
/** A PDF is compared page by page; a Word or text file, or a PDF read before pages were kept, as one text. */
export const FILE_TEXT_UNITS = ['pages', 'whole'] as const;

/** One page that changed (or the whole text, as page 1). */
export const PageChanges = z.object({
  number: z.number().int().min(1),
  /**
   * The words deleted and inserted, with a few words either side; a longer unchanged run keeps
   * its ends with '…' between them. Empty when the page is `tooDifferent`.
   */
  ops: z.array(DiffPart),
  /** The page changed too much to be compared word by word in the time a comparison may take. */
  tooDifferent: z.boolean(),
});
export type PageChanges = z.infer<typeof PageChanges>;

/** The text of a changed file against its earlier version, page by page. */
export const FileTextComparison = z.object({
  state: z.enum(FILE_TEXT_STATES),
  by: z.enum(FILE_TEXT_UNITS),
  /** The pages that changed, in order; the rest count as `unchangedPages`. Empty unless `ready`. */
  changedPages: z.array(PageChanges),
  unchangedPages: z.number().int().min(0),
  /** A file held more text than is kept (MAX_EXTRACTED_TEXT_CHARS): the rest was not compared. */
  truncated: z.boolean(),
});
export type FileTextComparison = z.infer<typeof FileTextComparison>;

const fileRef = z.object({ id: z.number().int(), originalName: z.string(), mimeType: z.string() });
const versionRef = z.object({ id: z.number().int(), versionNumber: z.string() });

/**
 * A file of `from` matched with one of `to`: the same bytes are `unchanged`; else the same
 * name, or the one file of a kind replaced by one file of that kind, is `changed` (its text
 * compared); what is left is `added` or `removed`.
 */
export const FileComparison = z.object({
  status: z.enum(FILE_CHANGES),
  from: fileRef.nullable(),
  to: fileRef.nullable(),
  /** The text comparison of a `changed` file; null for the others. */
  text: FileTextComparison.nullable(),
});
export type FileComparison = z.infer<typeof FileComparison>;

/**
 * GET /api/sops/{id}/compare?from=&to=: the content word by word (whitespace and line breaks
 * are words too, so the parts put together give each version's Markdown) and each file.
 */
export const VersionComparison = z.object({
  from: versionRef,
  to: versionRef,
  content: z.array(DiffPart),
  /** The files of `to` in their order, then those of `from` that `to` no longer holds. */
  files: z.array(FileComparison),
});
export type VersionComparison = z.infer<typeof VersionComparison>;

// ---- Periodic review ----

/** POST /api/sops/{id}/reviews. */
export const ConfirmReviewInput = z.object({
  comments: optionalText(5000, 'Comments'),
});
export type ConfirmReviewInput = z.input<typeof ConfirmReviewInput>;

/** The answer of POST /api/sops/{id}/reviews (201): the review and the restarted clock. */
export const ConfirmedReview = ReviewSchedule.extend({
  id: z.number().int(),
  sopId: z.number().int(),
  versionId: z.number().int(),
  versionNumber: z.string(),
  reviewedAt: isoDate,
  reviewedBy: person.nullable(),
  comments: z.string().nullable(),
});
export type ConfirmedReview = z.input<typeof ConfirmedReview>;
