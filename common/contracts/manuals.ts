import { z } from 'zod';
import { REVISION_CLASSES } from '../revision-classes';
import { count, idField, idParams, isoDate, singleLine } from './fields';

/**
 * Manuals: chapters of numbered sections, each section one SOP (an SOP in one manual at most).
 * Numbers ('3', '3.2') follow from the order and are the same for every reader; a reader sees
 * only the sections they may see (the SOP visibility rule), so a crew member may read 3.1 and
 * 3.3 without 3.2. A section's version is the version in force (never a draft), for everyone.
 */

/** How many chapters, and sections in all, one manual holds at most. */
export const MAX_MANUAL_CHAPTERS = 100;
export const MAX_MANUAL_SECTIONS = 1000;

export const ManualInput = z.object({
  code: singleLine('Code')
    .trim()
    .min(1, 'Code is required')
    .max(20, 'Code must be at most 20 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Code must be letters, digits, dots, dashes or underscores'),
  title: singleLine('Title').trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
});
export type ManualInput = z.input<typeof ManualInput>;

export const ManualIdParams = idParams('Manual id');

/** GET /api/manuals: every manual, by code. */
export const ManualSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  chapterCount: count,
  /** Sections the caller may see. */
  sectionCount: count,
  /** Of those, the sections new or changed for the caller (as `changed` of a section). */
  changedCount: count,
});
export type ManualSummary = z.input<typeof ManualSummary>;
export const ManualList = z.array(ManualSummary);

export const ManualSection = z.object({
  /** '3.2': chapter 3, its second section. */
  number: z.string(),
  sopId: z.number().int(),
  title: z.string(),
  /** The version in force; null while the SOP has none (approvers and admins see such sections). */
  versionId: z.number().int().nullable(),
  versionNumber: z.string().nullable(),
  inForceSince: isoDate.nullable(),
  /**
   * The caller has not attested the version in force, and must read it (its audience) or read an
   * earlier version: new or changed since they last read it.
   */
  changed: z.boolean(),
  /** The newest version in force the caller attested, if any. */
  lastReadVersionNumber: z.string().nullable(),
});
export type ManualSection = z.input<typeof ManualSection>;

export const ManualChapter = z.object({ number: z.string(), title: z.string(), sections: z.array(ManualSection) });
export type ManualChapter = z.input<typeof ManualChapter>;

/** GET /api/manuals/{id}. */
export const ManualDetail = z.object({ id: z.number().int(), code: z.string(), title: z.string(), chapters: z.array(ManualChapter) });
export type ManualDetail = z.input<typeof ManualDetail>;

/** PUT /api/manuals/{id}/structure: the chapters in order, each with its SOPs in order. */
export const ManualStructureInput = z.object({
  chapters: z
    .array(
      z.object({
        title: singleLine('Chapter title').trim().min(1, 'Chapter title is required').max(200, 'Chapter title must be at most 200 characters'),
        sopIds: z.array(idField('SOP id')).max(MAX_MANUAL_SECTIONS, `A manual holds at most ${MAX_MANUAL_SECTIONS} sections`),
      }),
    )
    .max(MAX_MANUAL_CHAPTERS, `A manual holds at most ${MAX_MANUAL_CHAPTERS} chapters`),
});
export type ManualStructureInput = z.input<typeof ManualStructureInput>;

/** `?at=YYYY-MM-DD`: the manual as in force at the end of that day (UTC). */
export const EffectiveQuery = z.object({ at: z.iso.date({ error: 'at must be a date, YYYY-MM-DD' }).optional() });

/** One row of the list of effective sections. */
export const EffectiveSection = z.object({
  number: z.string(),
  sopId: z.number().int(),
  title: z.string(),
  /** Null: nothing of this SOP was in force that day. */
  versionNumber: z.string().nullable(),
  inForceSince: isoDate.nullable(),
  revisionClass: z.enum(REVISION_CLASSES).nullable(),
});
export type EffectiveSection = z.input<typeof EffectiveSection>;

/** GET /api/manuals/{id}/effective. */
export const ManualEffective = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  /** The day the list is for, 'YYYY-MM-DD' (UTC). */
  at: z.iso.date(),
  sections: z.array(EffectiveSection),
});
export type ManualEffective = z.input<typeof ManualEffective>;

/** One change of a section's version in force. */
export const ManualRevision = z.object({
  date: isoDate,
  number: z.string(),
  sopId: z.number().int(),
  title: z.string(),
  /** The version it replaced; null for the section's first version in force. */
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  revisionClass: z.enum(REVISION_CLASSES),
  changelog: z.string().nullable(),
});
export type ManualRevision = z.input<typeof ManualRevision>;

/** GET /api/manuals/{id}/revisions: newest first. */
export const ManualRevisions = z.object({ id: z.number().int(), code: z.string(), title: z.string(), revisions: z.array(ManualRevision) });
export type ManualRevisions = z.input<typeof ManualRevisions>;

/**
 * POST /api/manuals/{id}/controlled-copy-jobs and GET /api/manual-copy-jobs/{jobId}: a controlled
 * copy made in the background, `done` of `total` section files stamped so far; once `ready`,
 * GET /api/manual-copy-jobs/{jobId}/file sends it (once).
 */
export const MANUAL_COPY_STATES = ['making', 'ready', 'failed'] as const;
export const ManualCopyJob = z.object({
  id: z.string(),
  manualId: z.number().int(),
  state: z.enum(MANUAL_COPY_STATES),
  done: count,
  total: count,
  /** Why a failed copy failed. */
  message: z.string().nullable(),
});
export type ManualCopyJob = z.input<typeof ManualCopyJob>;
export const ManualCopyJobParams = z.object({ jobId: z.uuid({ error: 'Job id is not one the server gave' }) });
