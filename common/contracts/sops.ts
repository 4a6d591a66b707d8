import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { LIST_PAGE_MAX } from '../limits';
import { REVISION_CLASSES } from '../revision-classes';
import { normalizeTags } from '../tags';
import { APPROVAL_STATUSES, SOP_STATUSES } from '../sop-lifecycle';
import { OnBehalfOf } from './absences';
import { TaskStep } from './approval-routes';
import { VesselCodes } from './fleet';
import { ReadingPositionIds } from './positions';
import { Attachment } from './attachments';
import { idField, idParams, isoDate, multiLine, optionalText, singleLine } from './fields';
import { SignatureProof } from './signatures';
import { ReviewFilterSchema, ReviewFrequency, ReviewSchedule } from './review-loop';
import { ReadingDays } from './reading';
import { TranslationSummaries } from './translations';

/** Tags: trimmed, empty ones ignored, duplicates ignored, so a tag filter finds each SOP once. */
export const Tags = z
  .array(singleLine('A tag', 'A tag must be text').max(50, 'A tag must be at most 50 characters'))
  .max(30, 'At most 30 tags')
  .default([])
  .transform((tags) => normalizeTags(tags));

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
  /** Days the audience has to read a version once it is in force; null or absent on create: the default. */
  readingDays: ReadingDays,
  keepAttachmentIds: KeepAttachmentIds,
  isConfidential: z.boolean().optional(),
  /** The vessels it applies to; empty means every vessel. Absent on an update: unchanged. */
  vesselCodes: VesselCodes.optional(),
  /** Positions whose holders must read it besides its department's members; absent on an update: unchanged. */
  readingPositionIds: ReadingPositionIds.optional(),
  /** The template the form started from (counted for 'Most used'); create only. */
  templateId: idField('Template').optional(),
});
export type CreateSopInput = z.input<typeof CreateSopInput>;

/**
 * PUT /api/sops/{id}: the fields of create. A new version is added only when the text or the
 * files change; `attachingFiles` says files will be uploaded to the saved version next.
 */
export const UpdateSopInput = CreateSopInput.omit({ templateId: true }).extend({ attachingFiles: z.boolean().optional() });
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

export { LIST_PAGE_DEFAULT, LIST_PAGE_MAX } from '../limits';
/** Up to this many the total is counted; above it, estimated (and said to be). */
export const LIST_TOTAL_EXACT_UP_TO = 10_000;
export const LIST_SORT_COLUMNS = ['title', 'updated', 'status', 'department', 'reviewDue'] as const;
export type ListSortColumn = (typeof LIST_SORT_COLUMNS)[number];
/** `column:asc` or `column:desc`. Absent: newest edit first, or best match first for a search. */
export const LIST_SORTS = [
  'title:asc',
  'title:desc',
  'updated:asc',
  'updated:desc',
  'status:asc',
  'status:desc',
  'department:asc',
  'department:desc',
  'reviewDue:asc',
  'reviewDue:desc',
] as const satisfies readonly `${ListSortColumn}:${'asc' | 'desc'}`[];
export type ListSort = (typeof LIST_SORTS)[number];

/** GET /api/sops query. `status` 'all' or absent means every status. */
export const ListSopsQuery = z.object({
  departmentId: idField('Department').optional(),
  status: z.enum([...SOP_STATUSES, 'all']).optional(),
  search: singleLine('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  review: ReviewFilterSchema.optional(),
  /** 'true': only SOPs without any approved version (the list's "No approved version" box). */
  noApprovedVersion: z
    .enum(['true', 'false'], { error: 'noApprovedVersion must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** 'true': the archive, only the withdrawn SOPs (which every other list leaves out). */
  archive: z
    .enum(['true', 'false'], { error: 'archive must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /**
   * Paging (decision 077): one page of at most `limit` SOPs (default 50) in `sort` order,
   * starting after `cursor` (the `nextCursor` of the page before). Without `limit` and
   * `cursor` the answer is the whole list, for the callers not yet moved to pages.
   */
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number from 1 to 200')
    .transform(Number)
    .refine((n) => n >= 1 && n <= LIST_PAGE_MAX, 'limit must be a whole number from 1 to 200')
    .optional(),
  cursor: z.string().max(2000, 'cursor is not one this list gave: start again from the first page').optional(),
  sort: z.enum(LIST_SORTS, { error: 'sort must be a column (title, updated, status, department or reviewDue), a colon and asc or desc' }).optional(),
});
export type ListSopsQuery = z.input<typeof ListSopsQuery>;

export const IdParams = idParams();

// ---- Answers. Timestamps are `isoDate`: Dates on the server, ISO strings in JSON. Each
// type is the answer as the client receives it (`z.input`); the server builds `z.output`.

export type IsoDate = string;

const int = z.number().int();
const PersonName = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() });

export const SopVersion = z.object({
  id: int,
  sopId: int,
  versionNumber: z.string(),
  content: z.string(),
  changelog: z.string().nullable(),
  createdBy: int.nullable(),
  submittedBy: int.nullable(),
  submittedAt: isoDate.nullable(),
  approvedBy: int.nullable(),
  approvedAt: isoDate.nullable(),
  isPublished: z.boolean(),
  createdAt: isoDate,
  /** major, minor or editorial: an editorial version keeps the attestations of the one it replaced. */
  revisionClass: z.enum(REVISION_CLASSES),
  attachments: z.array(Attachment),
  submittedByUser: PersonName.nullable(),
  approvedByUser: PersonName.nullable().optional(),
});
export type SopVersion = z.input<typeof SopVersion>;

/** A row of GET /api/sops: lean, no content and no blobs. */
/** Where a search found an SOP: the fields in the order they rank, then the text of a file, then an approved translation's. */
export const SEARCH_MATCH_FIELDS = ['title', 'category', 'tags', 'summary', 'content', 'attachment', 'translation'] as const;

/**
 * Why a search answer holds an SOP: plain text around the best hit (never HTML) and the
 * [start, end) character offsets (JavaScript string positions) of the words that matched.
 */
export const SearchMatch = z.object({
  field: z.enum(SEARCH_MATCH_FIELDS),
  /** The file whose text matched, for `attachment`; null otherwise. */
  attachmentId: int.nullable(),
  attachmentName: z.string().nullable(),
  /** The language of the approved translation that matched, for `translation`. */
  language: z.enum(LANGUAGE_CODES).optional(),
  snippet: z.string(),
  highlights: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
});
export type SearchMatch = z.input<typeof SearchMatch>;

/** When, by whom and why an SOP was withdrawn. */
export const Withdrawal = z.object({ at: isoDate, reason: z.string(), by: PersonName.nullable() });
export type Withdrawal = z.input<typeof Withdrawal>;

export const SopListItem = z.object({
  id: int,
  title: z.string(),
  departmentId: int,
  category: z.string().nullable(),
  summary: z.string().nullable(),
  tags: z.array(z.string()),
  ownerId: int.nullable(),
  status: z.enum(SOP_STATUSES),
  latestVersionId: int.nullable(),
  /** Months between periodic reviews, or null. */
  reviewFrequency: int.nullable(),
  /** Days to read a version once in force, or null for the default. */
  readingDays: int.nullable(),
  isConfidential: z.boolean(),
  /** The vessels it applies to; empty: every vessel. */
  vesselCodes: z.array(z.string()),
  /** Positions whose holders must read it besides its department's members. */
  readingPositionIds: z.array(int).default([]),
  createdAt: isoDate,
  updatedAt: isoDate,
  department: z.object({ name: z.string() }).nullable(),
  owner: PersonName.nullable(),
  latestVersion: z
    .object({
      id: int,
      versionNumber: z.string(),
      isPublished: z.boolean(),
      submittedAt: isoDate.nullable(),
      approvedAt: isoDate.nullable(),
      createdAt: isoDate,
      /** Who submitted it, so the list offers Approve only to those who may decide. */
      submittedBy: int.nullable(),
      attachmentCount: int,
      /** First attachment of the latest version, for the list's Download action. */
      firstAttachmentId: int.nullable(),
      submittedByUser: PersonName.nullable(),
    })
    .nullable(),
  /** Whether any version is published ("No approved version" filter). */
  hasPublishedVersion: z.boolean(),
  /** The version in force (the newest approved one) and when it was approved; null when none is. */
  inForce: z.object({ id: int, versionNumber: z.string(), approvedAt: isoDate }).nullable(),
  /** The pending approval task of the latest version, for the list's Approve action. */
  pendingTaskId: int.nullable(),
  /** Set once the SOP is withdrawn: it then lives in the archive only. */
  withdrawal: Withdrawal.nullable(),
  ...ReviewSchedule.shape,
  /** In a search answer only: why the SOP matched. */
  match: SearchMatch.optional(),
});
export type SopListItem = z.input<typeof SopListItem>;

/** GET /api/sops: the list, in the order the query asked for. */
export const SopList = z.array(SopListItem);

/** GET /api/sops with `limit` or `cursor`: one page, the cursor of the next (null on the last) and the count for the filters. */
export const SopPage = z.object({
  items: SopList,
  nextCursor: z.string().nullable(),
  total: int,
  /** True when `total` is the database's estimate (above LIST_TOTAL_EXACT_UP_TO), not a count. */
  totalIsEstimate: z.boolean(),
});
export type SopPage = z.input<typeof SopPage>;

/** GET /api/sops/{id}. */
export const SopDetail = SopListItem.extend({
  latestVersion: SopVersion.nullable(),
  /** Newest first, each with its attachments. */
  versions: z.array(SopVersion),
  /** The newest published version: the effective one readers use. */
  effectiveVersionId: int.nullable(),
  /**
   * The translations the caller may see, by language, newest version first (decision 073).
   * Absent from an answer cached on a device before translations existed: none.
   */
  translations: TranslationSummaries.default([]),
});
export type SopDetail = z.input<typeof SopDetail>;

/** The answer of PUT /api/sops/{id}: the SOP, and what the save did. */
export const UpdatedSop = SopDetail.extend({
  /** False when the text and files were unchanged: no version was added. */
  versionAdded: z.boolean(),
  message: z.string(),
});
export type UpdatedSop = z.input<typeof UpdatedSop>;

export const ApprovalTask = z.object({
  id: int,
  versionId: int,
  approverId: int.nullable(),
  status: z.enum(APPROVAL_STATUSES),
  dueAt: isoDate.nullable(),
  comments: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  version: SopVersion.extend({
    sop: z.object({ id: int, title: z.string(), status: z.enum(SOP_STATUSES), department: z.object({ name: z.string() }).nullable() }),
  }),
  /** Where the task stands on its review route (one step for the default route). */
  step: TaskStep,
  /** The absent person the caller would decide this task for, as their delegate; null: for themselves. */
  decideFor: OnBehalfOf,
  /**
   * The newest earlier version of the SOP a reviewer sent back with a request for changes: its
   * thread holds the request and the author's reply, and the resubmission is compared with it.
   * Null when no earlier version was sent back.
   */
  sentBack: z.object({ versionId: int, versionNumber: z.string() }).nullable(),
});
export type ApprovalTask = z.input<typeof ApprovalTask>;

export const RevisionClassField = z.enum(REVISION_CLASSES, { error: 'revisionClass must be one of major, minor or editorial' });

/** POST /api/sops/{id}/submit: the body is optional; without `revisionClass` the version is a major revision. */
export const SubmitSopInput = z.object({ revisionClass: RevisionClassField.optional() }).nullish();
export type SubmitSopInput = z.input<typeof SubmitSopInput>;

/** POST /api/sops/{id}/submit: the submitted SOP, the opened approval task and a message. */
export const SubmitSopResult = SopDetail.extend({ taskId: int, message: z.string() });
export type SubmitSopResult = z.input<typeof SubmitSopResult>;

/** POST /api/sops/{id}/withdraw: why (kept with the SOP), and a signature when signatures are required. */
export const WithdrawSopInput = z.object({
  reason: multiLine('Reason').trim().min(1, 'Give a reason for withdrawing this SOP').max(2000, 'The reason must be at most 2000 characters'),
  signature: SignatureProof.optional(),
});
export type WithdrawSopInput = z.input<typeof WithdrawSopInput>;
