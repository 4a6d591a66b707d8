import { z } from 'zod';
import { CalendarDate } from './daily-programs';
import { idField, idParams, isoDate, multiLine, singleLine } from './fields';
import { VesselCodes } from './fleet';
import { ReadingPositionIds } from './positions';

/**
 * Fleet circulars (decision 078): numbered notices from the office that an audience (vessels,
 * departments, positions) must read by a day. A circular is an SOP of kind 'circular', so its
 * review, files, reading, attestation and travel to ships are an SOP's.
 */
export const SOP_KINDS = ['sop', 'circular'] as const;
export type SopKind = (typeof SOP_KINDS)[number];

/** The prefix of every circular's number: 'FC-2026-014'. */
export const CIRCULAR_PREFIX = 'FC';

/** 'FC-2026-014': the year and the circular's place in it, three digits at least. */
export const circularNumber = (year: number, seq: number) => `${CIRCULAR_PREFIX}-${year}-${String(seq).padStart(3, '0')}`;

/** Who must read a circular, by when, and until when it stands: set when drafted, changed until it is submitted. */
const circularDetails = {
  vesselCodes: VesselCodes.default([]),
  positionIds: ReadingPositionIds.default([]),
  departmentIds: z
    .array(idField('A department'))
    .max(100, 'At most 100 departments')
    .default([])
    .transform((ids) => [...new Set(ids)]),
  dueDate: CalendarDate,
  expiresAt: CalendarDate,
};
const expiresAfterDue: [(c: { dueDate: string; expiresAt: string }) => boolean, { message: string; path: string[] }] = [
  (c) => c.expiresAt > c.dueDate,
  { message: 'The circular must expire after its due date', path: ['expiresAt'] },
];

/**
 * POST /api/circulars: a draft circular (an SOP with its first version), numbered at once. Files
 * are added to its version (`versionId` in the answer) as an SOP's are, then it is submitted for
 * review as an SOP is (POST /api/sops/{id}/submit). No departments and no positions: everyone
 * on the vessels named (every vessel when none is named) must read it.
 */
export const CreateCircularInput = z
  .object({
    title: singleLine('Title').trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
    content: multiLine('Content').trim().min(1, 'Content is required').max(200_000, 'Content must be at most 200,000 characters'),
    ...circularDetails,
  })
  .refine(...expiresAfterDue);
export type CreateCircularInput = z.input<typeof CreateCircularInput>;

/**
 * PUT /api/circulars/{id}/details: the audience and days of a circular not yet issued and not
 * under review (a draft, or one sent back with changes requested). Its text is its version's, edited as an SOP's.
 */
export const CircularDetailsInput = z.object(circularDetails).refine(...expiresAfterDue);
export type CircularDetailsInput = z.input<typeof CircularDetailsInput>;

export const CircularIdParams = idParams('Circular id');

/** A calendar day in an answer, 'YYYY-MM-DD'. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const named = z.object({ id: z.number().int(), name: z.string() });

/** How many of a vessel's readers have read the circular's version in force. */
export const VesselReadCount = z.object({
  vesselCode: z.string(),
  vesselName: z.string(),
  read: z.number().int().nonnegative(),
  readers: z.number().int().nonnegative(),
  /** The master's acknowledgement of receipt for the vessel, made on board; null until then. */
  acknowledgedAt: isoDate.nullable(),
  acknowledgedBy: z.string().nullable(),
});

/** A row of GET /api/circulars: the register, expired circulars included. */
export const Circular = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  status: z.string(),
  /** The version in force (null until it is issued) and the day it came into force. */
  versionId: z.number().int().nullable(),
  /** The latest version: the one files are added to and that is submitted. */
  latestVersionId: z.number().int(),
  issuedAt: isoDate.nullable(),
  dueDate: day,
  expiresAt: day,
  /** Today (UTC) is on or after `expiresAt`: out of the reading lists, the bell and the Procedures list. */
  expired: z.boolean(),
  vesselCodes: z.array(z.string()),
  departments: z.array(named),
  positions: z.array(named),
  /** Everyone in its audience, and how many of them have read the version in force. */
  read: z.number().int().nonnegative(),
  readers: z.number().int().nonnegative(),
  vessels: z.array(VesselReadCount),
});
export type Circular = z.input<typeof Circular>;
export const CircularList = z.array(Circular);

/** POST /api/circulars/{id}/vessel-acknowledgement (on board only): the vessel has received it. */
export const VesselAcknowledgement = z.object({
  circularId: z.number().int(),
  vesselCode: z.string(),
  acknowledgedAt: isoDate,
  acknowledgedBy: z.string(),
});
export type VesselAcknowledgement = z.input<typeof VesselAcknowledgement>;
