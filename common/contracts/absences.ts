import { z } from 'zod';
import { CalendarDate } from './daily-programs';
import { idField } from './fields';

/**
 * Delegation: an approver or admin away from `from` to `to` (calendar days in UTC, both
 * included) names a delegate, another active approver or admin, who meanwhile may decide the
 * tasks the absent person could; each such decision is recorded as 'Delegate for Absent'.
 */

/** PUT /api/account/absence: sets (or replaces) the caller's absence. */
export const AbsenceInput = z
  .object({
    from: CalendarDate,
    to: CalendarDate,
    delegateId: idField('Delegate', 'Choose a delegate'),
  })
  .refine((absence) => absence.to >= absence.from, { message: 'The last day cannot be before the first day', path: ['to'] });
export type AbsenceInput = z.input<typeof AbsenceInput>;

/** A calendar day in an answer, 'YYYY-MM-DD'. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const person = z.object({ userId: z.number().int(), name: z.string() });
export type PersonRef = z.infer<typeof person>;

/**
 * GET (PUT, DELETE) /api/account/absence: the caller's absence, or null; and the absences of
 * others that name the caller as their delegate and have not ended. `active`: today (UTC) is
 * within the dates.
 */
export const AbsenceState = z.object({
  absence: z.object({ from: day, to: day, delegate: person, active: z.boolean() }).nullable(),
  delegatedToMe: z.array(z.object({ from: day, to: day, absent: person, active: z.boolean() })),
});
export type AbsenceState = z.input<typeof AbsenceState>;

/** The person a delegate decides for, or decided for. */
export const OnBehalfOf = person.nullable();
