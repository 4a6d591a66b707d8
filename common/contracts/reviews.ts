import { z } from 'zod';
import { REVIEW_FINDINGS_MAX, REVIEW_QUESTION_MAX, REVIEW_QUESTIONS_MAX, REVIEW_SECTIONS_MAX, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../limits';
import { CalendarDate } from './daily-programs';
import { idField, isoDate, multiLine, singleLine } from './fields';
import { VesselCode } from './fleet';
import { SIGNATURE_METHODS } from './signatures';

/**
 * The master's review (decision 080): the master of a vessel fills, on board, the annual review of
 * its safety management from the template the office keeps, signs it, and it travels ashore,
 * where the office answers each finding.
 */
export const REVIEW_STATUSES = ['draft', 'signed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const FINDING_ANSWERS = ['accepted', 'noted'] as const;
export type FindingAnswer = (typeof FINDING_ANSWERS)[number];

const question = multiLine('Question').trim().min(1, 'A question needs its text').max(REVIEW_QUESTION_MAX, 'A question must be at most 1000 characters');

/** A section of the template: a title and its questions. */
export const TemplateSection = z.object({
  title: singleLine('Section title').trim().min(1, 'A section needs a title').max(REVIEW_TITLE_MAX, 'A section title must be at most 200 characters'),
  questions: z
    .array(z.object({ text: question }))
    .min(1, 'A section needs at least one question')
    .max(REVIEW_QUESTIONS_MAX, 'A section has at most 30 questions'),
});
export type TemplateSection = z.output<typeof TemplateSection>;

/** PUT /api/admin/review-template. */
export const ReviewTemplateInput = z.object({
  sections: z.array(TemplateSection).min(1, 'The template needs at least one section').max(REVIEW_SECTIONS_MAX, 'The template has at most 20 sections'),
});

/** GET /api/review-template: the template (no sections: none kept yet). */
export const ReviewTemplate = z.object({
  sections: z.array(TemplateSection),
  updatedAt: isoDate.nullable(),
  updatedBy: z.string().nullable(),
});
export type ReviewTemplate = z.input<typeof ReviewTemplate>;

/** One finding as the master writes it (on board, and as the ship sends it ashore). */
export const FindingText = multiLine('A finding').trim().max(REVIEW_TEXT_MAX, 'A finding must be at most 4000 characters').min(1, 'A finding needs its text');

/** A section as a review keeps it: the template's questions when it was started, with the master's answers. */
export const ReviewSection = z.object({
  title: singleLine('Section title').max(REVIEW_TITLE_MAX),
  questions: z
    .array(z.object({ text: multiLine('Question').max(REVIEW_QUESTION_MAX), answer: multiLine('An answer').max(REVIEW_TEXT_MAX) }))
    .max(REVIEW_QUESTIONS_MAX),
});
export type ReviewSection = z.output<typeof ReviewSection>;

/**
 * PUT /api/reviews/{id}: the draft's answers, one list per section in the review's order, one
 * answer per question (empty: not answered yet), and its findings in order (all of them: the list
 * replaces the one kept).
 */
export const SaveReviewInput = z.object({
  answers: z
    .array(z.array(multiLine('An answer').trim().max(REVIEW_TEXT_MAX, 'An answer must be at most 4000 characters')).max(REVIEW_QUESTIONS_MAX))
    .max(REVIEW_SECTIONS_MAX),
  findings: z.array(FindingText).max(REVIEW_FINDINGS_MAX, 'A review has at most 50 findings'),
});

/** POST /api/reviews/{id}/sign: the master's password, given now (passkeys are not kept on board). */
export const SignReviewInput = z.object({
  password: z.string().min(1, 'Enter your password to sign').max(200),
});

/** PUT /api/reviews/{id}/findings/{findingId}: the office's answer to one finding. */
export const AnswerFindingInput = z.discriminatedUnion(
  'answer',
  [
    z.object({
      answer: z.literal('accepted'),
      action: multiLine('The action').trim().max(REVIEW_TEXT_MAX, 'The action must be at most 4000 characters').min(1, 'Say what will be done'),
      dueOn: CalendarDate,
    }),
    z.object({
      answer: z.literal('noted'),
      note: multiLine('The note').trim().max(REVIEW_TEXT_MAX, 'The note must be at most 4000 characters').optional().nullable(),
    }),
  ],
  { error: "answer must be 'accepted' (with an action and a due date) or 'noted'" },
);

export const ReviewIdParams = z.object({ id: idField('Review id') });
export const FindingParams = z.object({ id: idField('Review id'), findingId: idField('Finding id') });
export const VesselReviewsParams = z.object({ code: VesselCode });

export const ReviewFinding = z.object({
  id: z.number().int(),
  position: z.number().int(),
  text: z.string(),
  answer: z.enum(FINDING_ANSWERS).nullable(),
  action: z.string().nullable(),
  dueOn: z.string().nullable(),
  note: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredAt: isoDate.nullable(),
});
export type ReviewFinding = z.input<typeof ReviewFinding>;

export const Review = z.object({
  id: z.number().int(),
  vesselCode: z.string(),
  vesselName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  sections: z.array(ReviewSection),
  findings: z.array(ReviewFinding),
  startedBy: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  signedBy: z.string().nullable(),
  signedAt: isoDate.nullable(),
  signatureMethod: z.enum(SIGNATURE_METHODS).nullable(),
  contentSha256: z.string().nullable(),
  /** The caller may change and sign it (a draft, on board, by the vessel's master). */
  canEdit: z.boolean(),
  /** The caller may answer its findings (signed, at the office). */
  canAnswer: z.boolean(),
});
export type Review = z.input<typeof Review>;
export const ReviewList = z.array(Review);

export type SaveReviewInput = z.input<typeof SaveReviewInput>;
export type AnswerFindingInput = z.input<typeof AnswerFindingInput>;
export type ReviewTemplateInput = z.input<typeof ReviewTemplateInput>;
