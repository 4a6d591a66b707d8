import type { FastifyRequest } from 'fastify';
import { type Action, type Resource, can } from '../../../common/permissions';
import type { PublicUser } from '../../../common/contracts/auth';
import { forbidden, unauthorized } from './errors';

/**
 * The signed-in user, or a 401. A route's role rule is declared once, as `config.access`,
 * and checked by the app's preValidation hook before this runs; rules that need the
 * resource (owner, submitter) go through assertCan in the service.
 */
export function requireUser(request: FastifyRequest): PublicUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The single access funnel: the permission table in common/permissions.ts decides. */
export function assertCan(actor: PublicUser, action: Action, resource?: Resource, message?: string): void {
  if (!can(actor, action, resource)) throw forbidden(message);
}
