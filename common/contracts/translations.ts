import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { TRANSLATION_LANGUAGES, TRANSLATION_STATUSES } from '../translation-rules';
import { isoDate, multiLine } from './fields';
import { SignatureProof } from './signatures';

const int = z.number().int();

export const MAX_TRANSLATION_CHARS = 200_000;

/** The language a translation is into: any of the app's languages but English, the original's. */
export const TranslationLanguage = z.enum(TRANSLATION_LANGUAGES, {
  error: `Choose the language of the translation: ${TRANSLATION_LANGUAGES.join(', ')} (English is the original's language)`,
});

/** POST /api/sop-versions/{id}/translations as JSON: the translated text, in Markdown. */
export const AddTranslationInput = z
  .object({
    language: TranslationLanguage,
    content: multiLine('Content', 'Content is required: the translated text')
      .trim()
      .min(1, 'Content is required: the translated text')
      .max(MAX_TRANSLATION_CHARS, `Content must be at most ${MAX_TRANSLATION_CHARS.toLocaleString('en')} characters`),
  })
  .strict();
export type AddTranslationInput = z.input<typeof AddTranslationInput>;

/** The same as multipart/form-data: the field `language` and one file in `file` (PDF, Word or text). */
export const AddTranslationFields = z.object({ language: TranslationLanguage }).strict();

/** PUT /api/translations/{id}: approving it, with a signature when signatures are required. */
export const ApproveTranslationInput = z
  .object({
    status: z.literal('approved', { error: "status must be 'approved'" }),
    signature: SignatureProof.optional(),
  })
  .strict();
export type ApproveTranslationInput = z.input<typeof ApproveTranslationInput>;

/** One translation as the SOP's page lists it: `current` only for an approved translation of the version in force. */
export const TranslationSummary = z.object({
  id: int,
  language: z.enum(LANGUAGE_CODES),
  versionId: int,
  versionNumber: z.string(),
  status: z.enum(TRANSLATION_STATUSES),
  current: z.boolean(),
  /** Who added it (null once their account is gone): they may not approve it. */
  createdBy: int.nullable(),
});
export type TranslationSummary = z.input<typeof TranslationSummary>;
export const TranslationSummaries = z.array(TranslationSummary);

/** GET /api/translations/{id}, and the answers of adding and approving: the text, or the file's facts. */
export const Translation = TranslationSummary.extend({
  content: z.string().nullable(),
  file: z.object({ originalName: z.string(), mimeType: z.string(), size: int }).nullable(),
  createdAt: isoDate,
  approvedAt: isoDate.nullable(),
});
export type Translation = z.input<typeof Translation>;

/**
 * GET /api/translations/outdated: per SOP and language, the newest approved translation of a
 * version no longer in force, where the version in force has no approved one in that language
 * yet. What the office has still to translate again.
 */
export const OutdatedTranslation = z.object({
  id: int,
  sopId: int,
  title: z.string(),
  language: z.enum(LANGUAGE_CODES),
  /** The version it translates, and the one in force now. */
  versionNumber: z.string(),
  inForceVersionNumber: z.string(),
  /** When the version in force came into force: since then the translation is outdated. */
  outdatedSince: isoDate,
});
export type OutdatedTranslation = z.input<typeof OutdatedTranslation>;
export const OutdatedTranslations = z.array(OutdatedTranslation);
