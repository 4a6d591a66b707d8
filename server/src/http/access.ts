import type { FastifyRequest } from 'fastify';
import { type Action, type Resource, can } from '../../../common/permissions';
import type { PublicUser } from '../../../common/contracts/auth';
import { forbidden, unauthorized } from './errors';

/** The signed-in user, or a 401. Every protected handler starts here. */
export function requireUser(request: FastifyRequest): PublicUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The single access funnel: the permission table in common/permissions.ts decides. */
export function assertCan(actor: PublicUser, action: Action, resource?: Resource, message?: string): void {
  if (!can(actor, action, resource)) throw forbidden(message);
}

/** requireUser + assertCan in one call, for handlers whose rule needs no resource. */
export function requireAccess(request: FastifyRequest, action: Action): PublicUser {
  const actor = requireUser(request);
  assertCan(actor, action);
  return actor;
}
