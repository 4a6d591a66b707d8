import { z } from 'zod';
import { DECISIONS, type SopStatus } from '../sop-lifecycle';
import { idField, multiLine } from './fields';
import type { ApprovalTask, IsoDate } from './sops';

/** PUT /api/approvals/{taskId}: anything but the three decisions is a 400. */
export const DecideTaskInput = z.object({
  status: z.enum(DECISIONS, { error: 'Status must be one of approved, changes_requested or rejected' }),
  comments: multiLine('Comments', 'Comments must be text')
    .trim()
    .max(5000, 'Comments must be at most 5000 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type DecideTaskInput = z.input<typeof DecideTaskInput>;

export const TaskIdParams = z.object({ taskId: idField('Approval task id') });

/** The answer of PUT /api/approvals/{taskId}: the decided task, without its version. */
export type DecidedTask = Omit<ApprovalTask, 'version'> & {
  sopId: number;
  sopStatus: SopStatus;
};

/** One attestation row (POST /api/sop-versions/{id}/attestations: 201 when new, 200 when it already existed). */
export interface Attestation {
  id: number;
  userId: number | null;
  versionId: number;
  attestedAt: IsoDate;
}

/** GET /api/sop-versions/{id}/attestations: how many have attested, and whether the caller has. */
export interface AttestationSummary {
  versionId: number;
  count: number;
  attestedByMe: boolean;
  /** When the caller attested, or null. */
  attestedAt: IsoDate | null;
}
