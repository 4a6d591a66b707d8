import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FindingAnswer, ReviewSection, ReviewStatus, TemplateSection } from '../../../../common/contracts/reviews';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import { createdAt, identityId, updatedAt } from './columns';
import { vessels } from './fleet';
import { userRef } from './users';

/**
 * The master's review template (decision 080): one row, kept by administrators at the office and
 * sent to every ship as the 'review_template' record.
 */
export const reviewTemplate = pgTable(
  'review_template',
  {
    id: integer('id').primaryKey(),
    sections: jsonb('sections').$type<TemplateSection[]>().notNull(),
    updatedAt: updatedAt(),
    updatedBy: userRef('updated_by'),
  },
  (t) => [check('review_template_single_check', sql`id = 1`), index('review_template_updated_by_idx').on(t.updatedBy)],
);

/**
 * A master's review of the vessel's safety management (decision 080), filled and signed on board.
 * It keeps its own copy of the questions it answered (`sections`), so a later template never
 * rewrites it. At the office `ship_ref` is its id on board: received once per vessel.
 */
export const masterReviews = pgTable(
  'master_reviews',
  {
    id: identityId(),
    vesselCode: varchar('vessel_code', { length: 16 })
      .notNull()
      .references(() => vessels.code, { onDelete: 'cascade' }),
    shipRef: integer('ship_ref'),
    status: varchar('status', { length: 10 }).$type<ReviewStatus>().notNull().default('draft'),
    sections: jsonb('sections').$type<ReviewSection[]>().notNull(),
    /** When the template it was started from was last changed at the office. */
    templateAt: timestamp('template_at', { withTimezone: true }).notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    signedBy: userRef('signed_by'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signatureMethod: varchar('signature_method', { length: 10 }).$type<SignatureMethod>(),
    /** The digest of what was signed: its questions, answers and findings (reviewDigest). */
    contentSha256: varchar('content_sha256', { length: 64 }),
  },
  (t) => [
    check('master_reviews_status_check', sql`${t.status} in ('draft', 'signed')`),
    check('master_reviews_signed_check', sql`(${t.status} = 'draft') = (${t.signedAt} is null)`),
    index('master_reviews_vessel_signed_idx').on(t.vesselCode, t.signedAt),
    uniqueIndex('master_reviews_ship_ref_key').on(t.vesselCode, t.shipRef),
    index('master_reviews_created_by_idx').on(t.createdBy),
    index('master_reviews_signed_by_idx').on(t.signedBy),
  ],
);

/** A finding of a master's review, written on board; answered at the office (accepted with an action and a due day, or noted). */
export const masterReviewFindings = pgTable(
  'master_review_findings',
  {
    id: identityId(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => masterReviews.id, { onDelete: 'cascade' }),
    /** Its place in the review (1, 2, ...): the same on board and ashore. */
    position: integer('position').notNull(),
    text: text('text').notNull(),
    answer: varchar('answer', { length: 10 }).$type<FindingAnswer>(),
    action: text('action'),
    dueOn: date('due_on', { mode: 'string' }),
    note: text('note'),
    answeredBy: userRef('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('master_review_findings_answer_check', sql`${t.answer} is null or ${t.answer} in ('accepted', 'noted')`),
    uniqueIndex('master_review_findings_position_key').on(t.reviewId, t.position),
    index('master_review_findings_answered_by_idx').on(t.answeredBy),
  ],
);
