import { z } from 'zod';
import { idField, idParams, isoDate, multiLine, singleLine } from './fields';
import { VesselCode } from './fleet';
import { SUGGESTION_SECTION_MAX, SUGGESTION_TEXT_MAX } from '../limits';

/**
 * Suggestions for change (decision 079): anyone who reads an SOP's version in force may suggest
 * a change on it, ashore or on board; its owner, approvers and administrators triage them; an
 * accepted one is linked to the SOP's next version and is done when that version comes into force.
 */
export const SUGGESTION_STATUSES = ['open', 'accepted', 'declined', 'done'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
/** What a triager may set: 'open' is only where a suggestion starts. */
export const TRIAGE_STATUSES = ['accepted', 'declined', 'done'] as const;

export { SUGGESTION_SECTION_MAX, SUGGESTION_TEXT_MAX } from '../limits';

/** POST /api/sops/{id}/suggestions: on the version in force the suggester reads. */
export const CreateSuggestionInput = z.object({
  text: multiLine('Suggestion').trim().min(1, 'Suggestion is required').max(SUGGESTION_TEXT_MAX, 'Suggestion must be at most 4000 characters'),
  section: singleLine('Section', 'Section must be text')
    .trim()
    .max(SUGGESTION_SECTION_MAX, 'Section must be at most 200 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type CreateSuggestionInput = z.input<typeof CreateSuggestionInput>;

/** PUT /api/suggestions/{id}: the triager's answer; declining needs a reply. */
export const TriageSuggestionInput = z
  .object({
    status: z.enum(TRIAGE_STATUSES, { error: 'Status must be accepted, declined or done' }),
    reply: multiLine('Reply', 'Reply must be text')
      .trim()
      .max(SUGGESTION_TEXT_MAX, 'Reply must be at most 4000 characters')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .refine((t) => t.status !== 'declined' || t.reply !== null, { message: 'A declined suggestion needs a reply', path: ['reply'] });
export type TriageSuggestionInput = z.input<typeof TriageSuggestionInput>;

export const SuggestionIdParams = idParams('Suggestion id');
export const SuggestionSopParams = idParams('SOP id');

/** GET /api/suggestions (and .csv): filters, each optional. */
export const SuggestionQuery = z.object({
  status: z.enum(SUGGESTION_STATUSES, { error: 'Status must be open, accepted, declined or done' }).optional(),
  sopId: idField('SOP').optional(),
  vessel: VesselCode.optional(),
});
export type SuggestionQuery = z.input<typeof SuggestionQuery>;

export const Suggestion = z.object({
  id: z.number().int(),
  sopId: z.number().int(),
  sopTitle: z.string(),
  /** The version read when suggesting. */
  versionNumber: z.string(),
  section: z.string().nullable(),
  text: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  reply: z.string().nullable(),
  suggestedBy: z.string(),
  /** The vessel it was made on board of; null ashore. */
  vesselCode: z.string().nullable(),
  createdAt: isoDate,
  triagedBy: z.string().nullable(),
  triagedAt: isoDate.nullable(),
  /** The version it is taken up in (accepted or done); null until that version is drafted. */
  linkedVersionNumber: z.string().nullable(),
  /** The caller may triage it (owner of the SOP, approver or administrator, at the office). */
  canTriage: z.boolean(),
});
export type Suggestion = z.input<typeof Suggestion>;
export const SuggestionList = z.array(Suggestion);
