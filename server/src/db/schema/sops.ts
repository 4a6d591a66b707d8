import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, INITIAL_STATUS, OPEN_TASK_STATUS, SOP_STATUSES } from '../../../../common/sop-lifecycle';
import type { RouteStep } from '../../../../common/contracts/approval-routes';
import type { SopKind } from '../../../../common/contracts/circulars';
import type { LanguageCode } from '../../../../common/languages';
import type { RevisionClass } from '../../../../common/revision-classes';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import { createdAt, tsvector, updatedAt, identityId } from './columns';
import { departments } from './departments';
import { userRef } from './users';

export const sopStatusEnum = pgEnum('sop_status', SOP_STATUSES);
export const approvalStatusEnum = pgEnum('approval_status', APPROVAL_STATUSES);

/** The SOP a row belongs to: deleting the SOP deletes the row. */
export function sopRef(column: string) {
  return integer(column)
    .notNull()
    .references(() => sops.id, { onDelete: 'cascade' });
}

/** The version a row belongs to: deleting the version deletes the row. */
export function versionRef(column: string) {
  return integer(column)
    .notNull()
    .references(() => sopVersions.id, { onDelete: 'cascade' });
}

export const sops = pgTable(
  'sops',
  {
    id: identityId(),
    /** 'sop', or 'circular': a fleet circular, whose number, audience and dates are in `circulars` (decision 078). */
    kind: varchar('kind', { length: 10 }).$type<SopKind>().notNull().default('sop'),
    title: varchar('title', { length: 200 }).notNull(),
    // SOPs are never lost with a department: deleting one that still has SOPs is refused.
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    category: varchar('category', { length: 100 }),
    summary: text('summary'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    ownerId: userRef('owner_id'),
    status: sopStatusEnum('status').notNull().default(INITIAL_STATUS),
    latestVersionId: integer('latest_version_id').references((): AnyPgColumn => sopVersions.id, { onDelete: 'set null' }),
    /** Months between periodic reviews, 1 to 60; null when the SOP has no review cycle. */
    reviewFrequency: integer('review_frequency'),
    /** Days its audience has to read a version after it comes into force; null: the default (14). */
    readingDays: integer('reading_days'),
    isConfidential: boolean('is_confidential').notNull().default(false),
    /** Positions whose holders must read it too, wherever their department (positions.id; ids of deleted positions are ignored). */
    readingPositionIds: integer('reading_position_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The vessels it applies to, by code; empty: every vessel. */
    vesselCodes: varchar('vessel_codes', { length: 16 }).array().notNull().default(sql`'{}'::varchar[]`),
    /** Title, summary, category, tags and the latest version's content; kept current by the SOP service. */
    searchVector: tsvector('search_vector'),
    /** Withdrawn (never deleted once a version was in force): when, by whom and why; null while in use. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: userRef('withdrawn_by'),
    withdrawalReason: text('withdrawal_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sops_department_idx').on(t.departmentId),
    index('sops_status_idx').on(t.status),
    index('sops_owner_idx').on(t.ownerId),
    index('sops_withdrawn_by_idx').on(t.withdrawnBy),
    // Newest edit first, as lists and search ties are ordered (a search with many hits walks it).
    index('sops_updated_at_idx').on(t.updatedAt, t.id),
    // A literal title hit ('No. 65') without reading every title (pg_trgm).
    index('sops_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ fastupdate: false }),
    // A title found through a typo, without reading the SOPs that hold the word in their content.
    index('sops_title_vector_idx').using('gin', sql`to_tsvector('english', ${t.title})`).with({ fastupdate: false }),
    // Search's GIN indexes skip the pending list (fastupdate): migration 0009 says why.
    index('sops_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('sops_latest_version_idx').on(t.latestVersionId),
    check('sops_kind_check', sql`${t.kind} in ('sop', 'circular')`),
    check('sops_review_frequency_check', sql`${t.reviewFrequency} between 1 and 60`),
    check('sops_reading_days_check', sql`${t.readingDays} between 1 and 365`),
    check('sops_withdrawal_check', sql`(${t.withdrawnAt} is null) = (${t.withdrawalReason} is null)`),
  ],
);

export const sopVersions = pgTable(
  'sop_versions',
  {
    id: identityId(),
    sopId: sopRef('sop_id'),
    versionNumber: varchar('version_number', { length: 20 }).notNull().default('1.0'),
    content: text('content').notNull(),
    changelog: text('changelog'),
    createdBy: userRef('created_by'),
    submittedBy: userRef('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: userRef('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Approval is the release: a version is published exactly when it has been approved. */
    isPublished: boolean('is_published').notNull().generatedAlwaysAs(sql`approved_at is not null`),
    createdAt: createdAt(),
    /** major, minor or editorial (common/revision-classes.ts): set at submission, may change at approval. */
    revisionClass: varchar('revision_class', { length: 10 }).$type<RevisionClass>().notNull().default('major'),
  },
  (t) => [
    check('sop_versions_revision_class_check', sql`${t.revisionClass} in ('major', 'minor', 'editorial')`),
    index('sop_versions_sop_idx').on(t.sopId, t.createdAt),
    uniqueIndex('sop_versions_sop_number_key').on(t.sopId, t.versionNumber),
    index('sop_versions_created_by_idx').on(t.createdBy),
    index('sop_versions_submitted_by_idx').on(t.submittedBy),
    index('sop_versions_approved_by_idx').on(t.approvedBy),
    // The version in force of each SOP, the newest published one, for one SOP or all of them
    // (migration 0008 also INCLUDEs approved_at).
    index('sop_versions_published_idx').on(t.sopId, t.id.desc()).where(sql`${t.isPublished}`),
  ],
);

export const approvalTasks = pgTable(
  'approval_tasks',
  {
    id: identityId(),
    versionId: versionRef('version_id'),
    /** Who decided; null while pending (any admin or approver other than the submitter may decide). */
    approverId: userRef('approver_id'),
    status: approvalStatusEnum('status').notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    comments: text('comments'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The route the version was submitted under (null: one step, any approver) and the step it is at. */
    routeSteps: jsonb('route_steps').$type<RouteStep[]>(),
    stepIndex: integer('step_index').notNull().default(0),
  },
  (t) => [
    index('approval_tasks_status_idx').on(t.status, t.createdAt),
    index('approval_tasks_version_idx').on(t.versionId),
    index('approval_tasks_approver_idx').on(t.approverId),
    // One open task per version: a second submit cannot queue the same text twice.
    uniqueIndex('approval_tasks_one_pending_key')
      .on(t.versionId)
      .where(sql.raw(`status = '${OPEN_TASK_STATUS}'`)),
  ],
);

export const attestations = pgTable(
  'attestations',
  {
    id: identityId(),
    userId: userRef('user_id'),
    versionId: versionRef('version_id'),
    attestedAt: timestamp('attested_at', { withTimezone: true }).notNull().defaultNow(),
    /** The vessel it was made on board of; null when made ashore. */
    vesselCode: varchar('vessel_code', { length: 16 }),
    /**
     * What the reader had opened when attesting: each file of the version with the reader's
     * first opening of it (null: not opened). Null for attestations made before openings were recorded.
     */
    files: jsonb('files').$type<{ attachmentId: number; originalName: string; openedAt: string | null }[]>(),
    /** How many of `files` were not opened; counted in attestation_tallies.unopened. */
    unopenedFiles: integer('unopened_files'),
    /** Seconds from the reader's first opening of a file of the version to the attestation; null when none was opened. */
    readingSeconds: integer('reading_seconds'),
    /** Set when carried over to an editorial version: the version the reader attested. */
    carriedFromVersionId: integer('carried_from_version_id').references((): AnyPgColumn => sopVersions.id, { onDelete: 'set null' }),
    /** How the reader proved themselves when attesting (null: no proof asked for or given). */
    signatureMethod: varchar('signature_method', { length: 10 }).$type<SignatureMethod>(),
    /** The digest of the version attested (version-digest.service.ts); null for attestations made before it was kept. */
    contentSha256: varchar('content_sha256', { length: 64 }),
    /** The language the reader read: an approved translation of the version; null for the original. */
    language: varchar('language', { length: 8 }).$type<LanguageCode>(),
  },
  (t) => [
    uniqueIndex('attestations_user_version_key').on(t.userId, t.versionId),
    index('attestations_version_user_idx').on(t.versionId, t.userId),
    index('attestations_carried_from_idx').on(t.carriedFromVersionId),
    check('attestations_signature_method_check', sql`${t.signatureMethod} in ('password', 'passkey')`),
    check('attestations_unopened_files_check', sql`${t.unopenedFiles} >= 0`),
    check('attestations_reading_seconds_check', sql`${t.readingSeconds} >= 0`),
    check('attestations_language_check', sql`${t.language} in ('en', 'fil', 'id', 'hi', 'uk', 'es')`),
  ],
);
