import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Refusal } from '../../../common/sop-lifecycle';
import { roleMay } from '../../../common/permissions';
import { conflict, forbidden, unauthorized } from './errors';

/**
 * The one access funnel. A route declares its role rule once, as `config.access`, and the
 * preValidation hook checks it here before any input is read; rules that need the
 * resource (owner, own submission) are decided in the service by common/sop-lifecycle.ts
 * and thrown with `refuse`. Handlers read the signed-in user as `request.actor`.
 */
export function registerActor(app: FastifyInstance) {
  app.decorateRequest('user', null);
  // A getter, so the type can be non-null: on every /api route that is not public the hook
  // has already answered 401 without a user; a public route reading it answers 401 too.
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      if (!this.user) throw unauthorized();
      return this.user;
    },
  });
}

/**
 * The route's rules: a signed-out caller is 401, a write to office-owned data on a ship 409
 * `office_only`, a role that may never do it 403. On a ship a write is refused unless its
 * route says it changes only what happens on board (`config.onBoard`), so a new route is
 * office-owned until someone decides otherwise.
 */
export function checkRouteAccess(request: FastifyRequest) {
  const { url, config, method } = request.routeOptions;
  if (!url?.startsWith('/api/')) return;
  const officeOnly = request.server.instance.kind === 'ship' && !config?.onBoard && isWrite(method);
  if (config?.public) {
    if (officeOnly) throw officeOnlyRefusal();
    return;
  }
  if (officeOnly) {
    void request.actor; // signed out: 401 first
    throw officeOnlyRefusal();
  }
  if (config?.access && !roleMay(request.actor, config.access)) throw forbidden();
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isWrite = (method: string | string[]) => (Array.isArray(method) ? method : [method]).some((m) => !READS.has(m.toUpperCase()));

export const officeOnlyRefusal = () =>
  conflict('This is a ship copy: the office owns this record, so the change is made ashore and reaches the ship with the next update.', 'office_only');

/** A lifecycle refusal as the HTTP error it stands for (403 or 409), or nothing. */
export function refuse(refusal: Refusal | null): void {
  if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message, refusal.code) : conflict(refusal.message, refusal.code);
}
