import { z } from 'zod';
import { DECISIONS, SOP_STATUSES } from '../sop-lifecycle';
import { idField, isoDate, optionalText } from './fields';
import { ApprovalTask } from './sops';

/** PUT /api/approvals/{taskId}: anything but the three decisions is a 400. */
export const DecideTaskInput = z.object({
  status: z.enum(DECISIONS, { error: 'Status must be one of approved, changes_requested or rejected' }),
  comments: optionalText(5000, 'Comments'),
});
export type DecideTaskInput = z.input<typeof DecideTaskInput>;

export const TaskIdParams = z.object({ taskId: idField('Approval task id') });

/** GET /api/approvals: the tasks the caller may decide, oldest first. */
export const ApprovalQueue = z.array(ApprovalTask);

/** The answer of PUT /api/approvals/{taskId}: the decided task, without its version. */
export const DecidedTask = ApprovalTask.omit({ version: true }).extend({
  sopId: z.number().int(),
  sopStatus: z.enum(SOP_STATUSES),
});
export type DecidedTask = z.input<typeof DecidedTask>;

/** One attestation row (POST /api/sop-versions/{id}/attestations: 201 when new, 200 when it already existed). */
export const Attestation = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  versionId: z.number().int(),
  attestedAt: isoDate,
});
export type Attestation = z.input<typeof Attestation>;

/** GET /api/sop-versions/{id}/attestations: how many have attested, and whether the caller has. */
export const AttestationSummary = z.object({
  versionId: z.number().int(),
  count: z.number().int(),
  attestedByMe: z.boolean(),
  /** When the caller attested, or null. */
  attestedAt: isoDate.nullable(),
});
export type AttestationSummary = z.input<typeof AttestationSummary>;
