import { z } from 'zod';
import { OnBehalfOf } from './absences';
import { idField, isoDate, singleLine } from './fields';
import { SIGNATURE_MEANINGS } from '../signature-meanings';
import { SIGNATURE_METHODS } from './signatures';

/**
 * Review routes: a department's (or, when it has none, its division's) ordered approval
 * steps. A version passes them in order; each step needs `required` approvals from distinct
 * people of `approverIds` (null: any approver or admin). No route, or `steps: []`: one step,
 * any approver, one approval (the default).
 */
export const ROUTE_STEPS_MAX = 10;
export const STEP_APPROVERS_MAX = 50;

export const RouteStep = z
  .object({
    name: singleLine('Step name').trim().min(1, 'Each step needs a name').max(100, 'A step name must be at most 100 characters'),
    approverIds: z
      .array(idField('Approver'))
      .min(1, 'A step names at least one approver, or null for any approver')
      .max(STEP_APPROVERS_MAX, `A step names at most ${STEP_APPROVERS_MAX} approvers`)
      .refine((ids) => new Set(ids).size === ids.length, 'A step names each approver once')
      .nullable(),
    required: z.number({ error: 'required must be a whole number' }).int('required must be a whole number').min(1, 'required must be at least 1'),
  })
  .refine((step) => step.approverIds === null || step.required <= step.approverIds.length, {
    message: 'A step cannot require more approvals than it has approvers',
    path: ['required'],
  });
export type RouteStep = z.infer<typeof RouteStep>;

/** PUT /api/departments/{id}/approval-route. */
export const ApprovalRouteInput = z.object({
  steps: z.array(RouteStep).max(ROUTE_STEPS_MAX, `A route has at most ${ROUTE_STEPS_MAX} steps`),
});
export type ApprovalRouteInput = z.input<typeof ApprovalRouteInput>;

/** A step as answers carry it (answers are encoded: no input parsing in them). */
const StepAnswer = z.object({ name: z.string(), approverIds: z.array(z.number().int()).nullable(), required: z.number().int() });

/**
 * GET (and PUT) /api/departments/{id}/approval-route: the department's own steps ([] when it
 * has none) and the route its submissions follow: its own, else its division's, else the
 * single default step (`inheritedFrom` names the department whose route it is, null for the default).
 */
export const ApprovalRoute = z.object({
  departmentId: z.number().int(),
  steps: z.array(StepAnswer),
  effective: z.object({ steps: z.array(StepAnswer), inheritedFrom: z.number().int().nullable() }),
});
export type ApprovalRoute = z.input<typeof ApprovalRoute>;

export const StepSignature = z.object({
  userId: z.number().int(),
  name: z.string(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  stepName: z.string(),
  at: isoDate,
  /** A delegate's decision: the absent person it counts for (shown 'Delegate for Absent'). */
  onBehalfOf: OnBehalfOf,
  /** How the signer proved themselves (null: no proof was asked for). */
  method: z.enum(SIGNATURE_METHODS).nullable(),
  /** The digest of the version signed (null: signed before digests were kept). */
  sha256: z.string().nullable(),
});

/** Where a pending task stands on its route. `coApprovers` must each sign the step too. */
export const TaskStep = z.object({
  index: z.number().int(),
  count: z.number().int(),
  name: z.string(),
  required: z.number().int(),
  approverIds: z.array(z.number().int()).nullable(),
  coApprovers: z.array(z.object({ userId: z.number().int(), name: z.string() })),
  /** Every signature on the task so far, every step, oldest first. */
  signatures: z.array(StepSignature),
});
export type TaskStep = z.input<typeof TaskStep>;
export type StepSignature = z.input<typeof StepSignature>;

/** POST /api/approvals/{taskId}/co-approvers. */
export const AddCoApproverInput = z.object({ userId: idField('Co-approver') });
export type AddCoApproverInput = z.input<typeof AddCoApproverInput>;

/** GET /api/approvers: the active approvers and admins, who may be named on a step. */
export const Approvers = z.array(z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string() }));
export type Approvers = z.input<typeof Approvers>;
