import { z } from 'zod';
import { count, idField, isoDate } from './fields';
import { VesselCode } from './fleet';

/**
 * Required reading: who must read the version in force of an SOP, what is waiting for each
 * reader, and how far a department has got. The audience of an SOP is every active user
 * whose department is the SOP's department or, for an SOP of a division, that division or a
 * department under it. Timestamps are `isoDate` (Dates on the server, ISO strings in JSON).
 */

const departmentRef = z.object({ id: z.number().int(), name: z.string() });
/** A person's position on board, or null. */
const positionRef = z.object({ id: z.number().int(), name: z.string() }).nullable().default(null);

/** Days a reader has to read a version once it is in force, unless the SOP says otherwise (`readingDays`). */
export const READING_DAYS_DEFAULT = 14;
const readingDaysMessage = `Days to read must be a whole number of days from 1 to 365, or empty for the usual ${READING_DAYS_DEFAULT}`;
/** The form's field: an SOP's own days to read, 1 to 365; empty (null, '') means the default. */
export const ReadingDays = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: readingDaysMessage }).int(readingDaysMessage).min(1, readingDaysMessage).max(365, readingDaysMessage).nullable().optional(),
);
/** The reminder before the due day goes out this many days ahead (the bell shows the item from then on). */
export const REMIND_DAYS_BEFORE = 3;

/** A calendar day, 'YYYY-MM-DD' (UTC): the day a version must be read by. */
const day = z.iso.date();

/** How many of the user's attested versions `done` lists, newest first. */
export const READING_DONE_LIMIT = 20;

/** One version in force on a reader's list. */
export const ReadingItem = z.object({
  sopId: z.number().int(),
  title: z.string(),
  department: departmentRef,
  versionId: z.number().int(),
  versionNumber: z.string(),
  approvedAt: isoDate,
  changelog: z.string().nullable(),
  /** Null while outstanding. */
  attestedAt: isoDate.nullable(),
  /** The day it must be read by: the approval day plus the SOP's days to read. */
  dueDate: day,
  /** Still outstanding and the due day has passed. */
  overdue: z.boolean(),
  /** The manual the SOP is a section of, with its number ('3.2'), so a reader's list groups by manual. */
  manual: z.object({ id: z.number().int(), code: z.string(), title: z.string(), section: z.string() }).nullable().optional(),
  /** A fleet circular's number ('FC-2026-014'), so a reader's list shows circulars apart (decision 078). */
  circular: z.string().nullable().optional(),
});
export type ReadingItem = z.input<typeof ReadingItem>;

/** GET /api/reading: what waits for the caller, and the last versions in force they attested. */
export const MyReading = z.object({ outstanding: z.array(ReadingItem), done: z.array(ReadingItem) });
export type MyReading = z.input<typeof MyReading>;

/** One version between the one a reader last attested and the one in force (inclusive), newest first. */
const ChangeSince = z.object({ versionId: z.number().int(), versionNumber: z.string(), approvedAt: isoDate, changelog: z.string().nullable() });

/** GET /api/sops/{id}/reading: this SOP as the caller must read it. */
export const SopReading = z.object({
  /** The version in force; null when nothing is published. */
  versionId: z.number().int().nullable(),
  versionNumber: z.string().nullable(),
  /** The caller is in the SOP's audience. */
  required: z.boolean(),
  /** The caller has attested the version in force. */
  attested: z.boolean(),
  /** The day the version in force must be read by; null when nothing is in force. */
  dueDate: day.nullable(),
  /** The caller must read it, has not, and the due day has passed. */
  overdue: z.boolean(),
  /** The newest published version the caller attested, if any. */
  lastAttested: z.object({ versionId: z.number().int(), versionNumber: z.string(), attestedAt: isoDate }).nullable(),
  /** The published versions after `lastAttested` up to the one in force (all of them when never attested), newest first. */
  changes: z.array(ChangeSince),
});
export type SopReading = z.input<typeof SopReading>;

const person = z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable(), department: departmentRef.nullable() });

/** GET /api/sops/{id}/compliance: the audience of the version in force and who has read it. */
export const SopCompliance = z.object({
  versionId: z.number().int().nullable(),
  versionNumber: z.string().nullable(),
  required: count,
  attested: count,
  /** Of `attested`, those made without opening every file of the version. */
  withoutOpening: count,
  /** The day the version in force must be read by; null when nothing is in force. */
  dueDate: day.nullable(),
  /** Of the readers who have not attested, how many are past the due day. */
  overdue: count,
  /** The SOP's department first, then (for a division) its departments by name. */
  departments: z.array(departmentRef.extend({ required: count, attested: count })),
  /** The SOP's reading positions by name, each with all its holders (some may be counted in a department too). */
  positions: z.array(z.object({ id: z.number().int(), name: z.string(), required: count, attested: count })).default([]),
  /** Readers in the audience who have not attested, by last and first name. */
  outstanding: z.array(person),
});
export type SopCompliance = z.input<typeof SopCompliance>;

/**
 * GET /api/compliance?departmentId=: the SOPs the members of the department must read (its
 * own, its division's; for a division, its departments' too), counted over those members.
 */
export const ComplianceQuery = z.object({ departmentId: idField('Department').optional() });
export type ComplianceQuery = z.input<typeof ComplianceQuery>;

/** The counts of a compliance row, for an SOP or for a person. */
const attestationCounts = {
  required: count,
  attested: count,
  /** Of `attested`, those made without opening every file of the version. */
  withoutOpening: count,
};

/** One row per SOP with a version in force, by title. */
export const ComplianceRow = z.object({
  sopId: z.number().int(),
  title: z.string(),
  department: departmentRef,
  versionNumber: z.string(),
  ...attestationCounts,
  dueDate: day,
  /** Readers who have not attested and are past the due day. */
  overdue: count,
});
export type ComplianceRow = z.input<typeof ComplianceRow>;
export const ComplianceList = z.array(ComplianceRow);
export type ComplianceList = z.input<typeof ComplianceList>;

/** The attestation counts' columns, in both CSVs in this order. */
const COUNT_COLUMNS = ['Required', 'Attested', 'Outstanding'] as const;

/** The CSV's header row, in column order. */
export const COMPLIANCE_CSV_COLUMNS = [
  'SOP',
  'Title',
  'Department',
  'Version',
  ...COUNT_COLUMNS,
  'Percent',
  'Attested without opening',
  'Due date',
  'Overdue',
  // The attestations made reading an approved translation, by language ('Filipino 2'); empty: all read the original.
  'Language',
] as const;

/**
 * GET /api/compliance/people?departmentId= (a division with its departments) or ?positionId=
 * (the holders of one position): one of them is required.
 */
export const PeopleComplianceQuery = z
  .object({ departmentId: idField('Department').optional(), positionId: idField('Position').optional() })
  .refine((q) => (q.departmentId === undefined) !== (q.positionId === undefined), { message: 'Choose a department or a position' });
export type PeopleComplianceQuery = z.input<typeof PeopleComplianceQuery>;

/** A version in force a person has not attested, and the day it must be read by. */
const OutstandingVersion = z.object({ sopId: z.number().int(), title: z.string(), versionNumber: z.string(), dueDate: day, overdue: z.boolean() });

/** One member of the department: what they must read, what they attested, and what is outstanding. */
export const PersonCompliance = person.extend({
  /** Null for a holder of a position who is in no department. */
  department: departmentRef.nullable(),
  position: positionRef,
  ...attestationCounts,
  /** Of the outstanding versions, those past their due day. */
  overdue: count,
  /** The versions in force they have not attested, by title. */
  outstanding: z.array(OutstandingVersion),
});
export type PersonCompliance = z.input<typeof PersonCompliance>;
/** Most outstanding first, then by last and first name. */
export const PeopleCompliance = z.array(PersonCompliance);
export type PeopleCompliance = z.input<typeof PeopleCompliance>;

export const PEOPLE_CSV_COLUMNS = [
  'Person',
  'Last name',
  'First name',
  'Department',
  'Position',
  ...COUNT_COLUMNS,
  'Attested without opening',
  'Overdue',
  'Outstanding SOPs',
  // Of the attestations counted, those made reading a translation, by language ('Filipino 2').
  'Language',
] as const;

// ---- Who is behind, fleet-wide and per vessel ----

/** GET /api/compliance/behind?vesselCode=: every vessel, or the people assigned to one vessel. */
export const BehindQuery = z.object({ vesselCode: VesselCode.optional() });
export type BehindQuery = z.input<typeof BehindQuery>;

/** How many people the list of who is behind shows; `total` counts them all. */
export const BEHIND_LIMIT = 500;

/** A person with at least one version in force past its due day. */
export const BehindPerson = person.extend({
  /** Null for a holder of a position who is in no department. */
  department: departmentRef.nullable(),
  position: positionRef,
  /** The vessels the person is assigned to; empty: none in particular. */
  vesselCodes: z.array(z.string()),
  overdue: count,
  /** Their outstanding versions, overdue ones first, oldest due day first. */
  outstanding: z.array(OutstandingVersion),
});
export type BehindPerson = z.input<typeof BehindPerson>;

/** Oldest due day first, then most overdue, then by last and first name. */
export const Behind = z.object({ total: count, people: z.array(BehindPerson) });
export type Behind = z.input<typeof Behind>;

export const BEHIND_CSV_COLUMNS = ['Person', 'Department', 'Vessels', 'Overdue', 'Outstanding', 'Overdue SOPs'] as const;

/** GET /api/compliance/vessels: per registered vessel, its people and how many of them are behind. */
export const VesselCompliance = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    /** Active people assigned to the vessel by its code. */
    people: count,
    /** Of them, those with something past its due day. */
    behind: count,
    /** Versions past their due day, over all of them. */
    overdue: count,
  }),
);
export type VesselCompliance = z.input<typeof VesselCompliance>;

// ---- Reminders by hand ----

/** POST /api/compliance/remind: everyone in the department (a division: with its departments) who has reading outstanding. */
export const RemindDepartmentInput = z.object({ departmentId: idField('Department') });
export type RemindDepartmentInput = z.input<typeof RemindDepartmentInput>;

/** What a reminder did: who was reminded now, and who was skipped because they had been today. */
export const RemindResult = z.object({ reminded: count, alreadyToday: count });
export type RemindResult = z.input<typeof RemindResult>;

// ---- Notifications ----

export const NOTIFICATION_KINDS = [
  'approval',
  'reading',
  'reading_due',
  'reading_reminder',
  'changes_requested',
  'review_due',
  'backup_failed',
  'backup_overdue',
  'account_waiting',
  'suggestion',
  'suggestion_answered',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How many items the bell lists; `count` is always the full number. */
export const NOTIFICATION_LIMIT = 50;

/** `sopId` is null for an item about the system (a backup, an account waiting for approval), which leads to the Administration Center. */
export const NotificationItem = z.object({ kind: z.enum(NOTIFICATION_KINDS), sopId: z.number().int().nullable(), title: z.string(), at: isoDate });
export type NotificationItem = z.input<typeof NotificationItem>;

/** GET /api/notifications: everything waiting for the caller, newest first. */
export const Notifications = z.object({ count, items: z.array(NotificationItem) });
export type Notifications = z.input<typeof Notifications>;
