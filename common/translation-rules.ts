import { LANGUAGES, type LanguageCode, SOURCE_LANGUAGE } from './languages';
import { type Actor, can, roleMay } from './permissions';
import { conflict, forbidden, type Refusal, type SopState, WITHDRAWN_MESSAGE, whoMay } from './sop-lifecycle';

/**
 * Translated procedures, in one place: a translation belongs to one version and one language,
 * is a draft until an approver other than its author approves it, and is *current* only while
 * approved and of the version in force. The original is always the binding text. The server's
 * services and the client's buttons both ask here. No I/O.
 */
export const TRANSLATION_STATUSES = ['draft', 'approved'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** Every language but the original's: a translation is never in the language it translates. */
export const TRANSLATION_LANGUAGES = LANGUAGES.filter((l) => l.code !== SOURCE_LANGUAGE).map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

export const languageName = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/**
 * Attestations made reading a translation, counted by language in the CSVs' words:
 * 'Filipino 2, Spanish 1' (empty: every one read the original). Languages in the order given.
 */
export function languageCounts(counts: Iterable<readonly [LanguageCode, number]>): string {
  return [...counts].map(([language, n]) => `${languageName(language)} ${n}`).join(', ');
}

export const OWN_TRANSLATION_REFUSAL = forbidden(
  'You cannot approve a translation you added yourself; another approver or an admin must approve it',
  'own_translation',
);

export interface TranslatedVersion extends Pick<SopState, 'ownerId' | 'withdrawnAt'> {
  versionId: number;
  versionNumber: string;
  /** The SOP's version in force (null: none yet) and its latest version. */
  effectiveVersionId: number | null;
  latestVersionId: number | null;
}

/**
 * Who may add a translation of a version: its SOP's owner, an approver or an admin; and only of
 * the version in force or the latest one (a superseded version is never read again).
 */
export function refuseAddTranslation(actor: Actor | null | undefined, v: TranslatedVersion): Refusal | null {
  if (!can(actor, 'translation.add', { ownerId: v.ownerId })) return forbidden(`Only ${whoMay('translation.add')} can add a translation of this SOP`);
  if (v.withdrawnAt) return conflict(WITHDRAWN_MESSAGE, 'withdrawn');
  if (v.versionId !== v.effectiveVersionId && v.versionId !== v.latestVersionId) {
    return conflict(`Version ${v.versionNumber} has been superseded; translate the version in force or the latest version`, 'stale_version');
  }
  return null;
}

export function duplicateTranslation(language: LanguageCode, versionNumber: string): Refusal {
  return conflict(
    `Version ${versionNumber} already has a ${languageName(language)} translation; a newer translation needs a newer version of the SOP`,
    'duplicate',
  );
}

export interface TranslationState {
  status: TranslationStatus;
  createdBy: number | null;
}

/** An approver or admin other than the translation's author approves a draft, once. */
export function refuseApproveTranslation(actor: Actor | null | undefined, t: TranslationState): Refusal | null {
  if (!roleMay(actor, 'translation.approve')) return forbidden(`Only ${whoMay('translation.approve')} can approve a translation`);
  if (actor && t.createdBy === actor.id) return OWN_TRANSLATION_REFUSAL;
  if (t.status === 'approved') return conflict('This translation is already approved', 'already_decided');
  return null;
}

/** Current: approved, and of the version in force. A translation of any other version is never read in its place. */
export const isCurrentTranslation = (t: { status: TranslationStatus; versionId: number }, effectiveVersionId: number | null) =>
  t.status === 'approved' && effectiveVersionId !== null && t.versionId === effectiveVersionId;
