import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApprovalRoute as ApprovalRouteSchema, RouteStep } from '../../../../common/contracts/approval-routes';
import type { SessionUser } from '../../../../common/contracts/auth';
import { rolesThatMay } from '../../../../common/permissions';
import type { Db } from '../../db/client';
import { departments, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';

type ApprovalRoute = z.output<typeof ApprovalRouteSchema>;

/** The single step of a version submitted with no route: any approver, one approval. */
export const DEFAULT_STEP: RouteStep = { name: 'Approval', approverIds: null, required: 1 };

/** A task's steps: its route, or the default single step. */
export const stepsOf = (routeSteps: RouteStep[] | null | undefined): RouteStep[] => (routeSteps?.length ? routeSteps : [DEFAULT_STEP]);

/** The roles that may decide approvals, the only ones a step may name. */
export const DECIDING_ROLES = rolesThatMay('approval.decide');

async function departmentRow(db: Db, id: number) {
  const [row] = await db
    .select({ id: departments.id, name: departments.name, parentId: departments.parentId, route: departments.approvalRoute })
    .from(departments)
    .where(eq(departments.id, id));
  return row;
}

/** The route a department's submissions follow: its own, else its division's; empty for the default. */
export async function effectiveRoute(db: Db, departmentId: number | null): Promise<{ steps: RouteStep[]; inheritedFrom: number | null }> {
  for (let id = departmentId, depth = 0; id !== null && depth < 2; depth++) {
    const row = await departmentRow(db, id);
    if (!row) break;
    if (row.route?.length) return { steps: row.route, inheritedFrom: row.id };
    id = row.parentId;
  }
  return { steps: [], inheritedFrom: null };
}

export async function getApprovalRoute(db: Db, departmentId: number): Promise<ApprovalRoute> {
  const row = await departmentRow(db, departmentId);
  if (!row) throw notFound('Department not found');
  return { departmentId, steps: row.route ?? [], effective: await effectiveRoute(db, departmentId) };
}

/** Every person a step names must be an active approver or admin. */
async function checkApprovers(db: Db, steps: RouteStep[]) {
  const named = [...new Set(steps.flatMap((s) => s.approverIds ?? []))];
  if (!named.length) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, named), eq(users.active, true), inArray(users.role, DECIDING_ROLES)));
  const ok = new Set(found.map((u) => u.id));
  const wrong = named.filter((id) => !ok.has(id));
  if (wrong.length) throw badRequest(`Approvers must be active approvers or administrators; user ${wrong.join(', ')} is not`);
}

export async function putApprovalRoute(db: Db, actor: SessionUser, departmentId: number, input: { steps: RouteStep[] }): Promise<ApprovalRoute> {
  const row = await departmentRow(db, departmentId);
  if (!row) throw notFound('Department not found');
  await checkApprovers(db, input.steps);
  await db.transaction(async (tx) => {
    await tx
      .update(departments)
      .set({ approvalRoute: input.steps.length ? input.steps : null })
      .where(eq(departments.id, departmentId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'approval_route_updated',
      entityType: 'department',
      entityId: departmentId,
      metadata: { name: row.name, steps: input.steps },
    });
  });
  return getApprovalRoute(db, departmentId);
}
