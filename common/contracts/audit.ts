import { z } from 'zod';
import { isoDate, singleLine } from './fields';

export const AUDIT_LIMIT_DEFAULT = 10;
export const AUDIT_LIMIT_MAX = 100;

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be an event id` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive whole number`)
    .max(2147483647, `${name} is too large`)
    .optional();
const time = (name: string) =>
  z
    .string()
    // Years 1 to 9999: JavaScript reads '0000-01-01' as a date, PostgreSQL has no year 0.
    .refine((v) => {
      const year = new Date(Date.parse(v)).getUTCFullYear();
      return year >= 1 && year <= 9999;
    }, `${name} must be a date or date-time (ISO 8601)`)
    .transform((v) => new Date(v))
    .optional();

/** The filters the trail, its screen and its export share; they combine with AND and `from`/`to` include their bounds. */
const AuditFilterFields = z.object({
  actorId: id('actorId'),
  // One line each: a control character (a NUL above all) is the client's mistake, refused here, not by the database.
  action: singleLine('action').trim().min(1, 'action must not be empty').max(60, 'action must be at most 60 characters').optional(),
  entityType: singleLine('entityType').trim().min(1, 'entityType must not be empty').max(40, 'entityType must be at most 40 characters').optional(),
  from: time('from'),
  to: time('to'),
  /** `admin`: only what administrators do (common/audit-actions.ts), for the Admin page's activity card. */
  scope: z.enum(['admin'], { error: 'scope must be admin' }).optional(),
});
const fromNotAfterTo = <T extends { from?: Date; to?: Date }>(q: T) => !q.from || !q.to || q.from <= q.to;
const RANGE_MESSAGE = { message: 'from must not be after to', path: ['from'] };

/**
 * GET /api/audit: newest first, `limit` 1..100 (default 10). Paging: `before` is the id of
 * the last event already shown; the answer continues after it.
 */
export const AuditQuery = AuditFilterFields.extend({
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(AUDIT_LIMIT_MAX, LIMIT_MESSAGE).default(AUDIT_LIMIT_DEFAULT),
  before: id('before'),
}).refine(fromNotAfterTo, RANGE_MESSAGE);
export type AuditQuery = z.input<typeof AuditQuery>;
export type AuditFilters = z.output<typeof AuditQuery>;

/** Rows one export holds at most (newest first); a longer trail is exported by date range. */
export const AUDIT_EXPORT_MAX = 50_000;

/** GET /api/audit/export.csv: the screen's filters, every matching event up to AUDIT_EXPORT_MAX. */
export const AuditExportQuery = AuditFilterFields.refine(fromNotAfterTo, RANGE_MESSAGE);
export type AuditExportQuery = z.input<typeof AuditExportQuery>;
export type AuditExportFilters = z.output<typeof AuditExportQuery>;

/** GET /api/audit/facets: the actions and entity types the trail holds, for the screen's filters. */
export const AuditFacets = z.object({ actions: z.array(z.string()), entityTypes: z.array(z.string()) });
export type AuditFacets = z.infer<typeof AuditFacets>;

/** A value before or after an edit, as stored in the trail (department ids are kept as names). */
export const AuditFieldValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type AuditFieldValue = z.infer<typeof AuditFieldValue>;

/** One field an edit changed: `metadata.changes` of an edit event lists only those. */
export const AuditFieldChange = z.object({ field: z.string(), label: z.string(), from: AuditFieldValue, to: AuditFieldValue });
export type AuditFieldChange = z.infer<typeof AuditFieldChange>;

/** One event of the trail, newest first in lists. */
export const AuditEvent = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.number().int().nullable(),
  /** Holds the `name` or `title` the screens quote, and whatever else the event recorded. */
  metadata: z.looseObject({ name: z.string().optional(), title: z.string().optional(), changes: z.array(AuditFieldChange).optional() }),
  createdAt: isoDate,
  /** Accounts are never removed, so the actor keeps a name; null only for events written by the system. */
  actor: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type AuditEvent = z.input<typeof AuditEvent>;

/** GET /api/audit. */
export const AuditEvents = z.array(AuditEvent);

/**
 * GET /api/audit/verify: every event's hash recomputed from its content and the previous
 * event's hash. `firstBrokenId` is the first event that no longer matches (edited, or the
 * event before it removed); `checkedAt` is when this verification ran. `keyFingerprint` names
 * the AUDIT_KEY that checked it (the first 12 hex of its SHA-256); null only in an answer kept
 * from before the chain was keyed.
 */
const checkedWith = { events: z.number().int(), keyFingerprint: z.string().nullable(), checkedAt: isoDate };
export const AuditVerification = z.discriminatedUnion('intact', [
  z.object({ intact: z.literal(true), ...checkedWith }),
  z.object({ intact: z.literal(false), firstBrokenId: z.number().int(), ...checkedWith }),
]);
export type AuditVerification = z.output<typeof AuditVerification>;

/** GET /api/audit/verification: the last verification's answer, null before the first. */
export const LastAuditVerification = AuditVerification.nullable();
