import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Refusal } from '../../../common/sop-lifecycle';
import { type Action, ON_SHIP, roleMay, shipWrites } from '../../../common/permissions';
import { conflict, forbidden, unauthorized } from './errors';

/**
 * The one access funnel. A route declares its role rule once, as `config.access`, and the
 * preParsing hook checks it here before any input is parsed; rules that need the
 * resource (owner, own submission) are decided in the service by common/sop-lifecycle.ts
 * and thrown with `refuse`. Handlers read the signed-in user as `request.actor`.
 */
export function registerActor(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('dataVersion', null);
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
 * Deny by default: every /api route names its rule when it is registered, a permission
 * (`config.access`) or `config.public`, or the app does not start. (The type cannot require
 * it, since Fastify's `config` itself is optional; this hook and the signed-out walk over every
 * route in access.routes.test.ts do.) A write never names a reading action (`read` in ON_SHIP):
 * it has an action of its own, which is what a ship decides by.
 */
export function requireAccessRule(route: RouteOptions) {
  if (!route.url.startsWith('/api/')) return;
  const config = route.config as { public?: boolean; access?: Action } | undefined;
  if (!config?.public && !config?.access) {
    throw new Error(`${route.method} ${route.url} names no access rule: set config.access to a permission of common/permissions.ts, or config.public.`);
  }
  if (config.access && isWrite(route.method) && ON_SHIP[config.access] === 'read') {
    throw new Error(
      `${route.method} ${route.url} is a write naming '${config.access}', a reading action: give it an action of its own in common/permissions.ts (PERMISSIONS and ON_SHIP).`,
    );
  }
}

/**
 * The route's rules: a signed-out caller is 401, a write on a ship 409 `office_only` unless
 * its action is one a ship makes (`yes` in ON_SHIP, common/permissions.ts, which the screens
 * read too), a role that may never do it 403. A write without an action is the office's; a
 * public route may name its action for the ship's sake alone (no role is checked on it).
 */
export function checkRouteAccess(request: FastifyRequest) {
  const { url, config, method } = request.routeOptions;
  if (!url?.startsWith('/api/')) return;
  const officeOnly = request.server.instance.kind === 'ship' && isWrite(method) && !shipWrites(config?.access);
  if (config?.public) {
    if (officeOnly) throw officeOnlyRefusal();
    return;
  }
  const actor = request.actor; // signed out: 401, before anything else is said
  if (officeOnly) throw officeOnlyRefusal();
  if (!config?.access || !roleMay(actor, config.access)) throw forbidden();
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isWrite = (method: string | string[]) => (Array.isArray(method) ? method : [method]).some((m) => !READS.has(m.toUpperCase()));

export const officeOnlyRefusal = () =>
  conflict('This is a ship copy: the office owns this record, so the change is made ashore and reaches the ship with the next update.', 'office_only');

/** A lifecycle refusal as the HTTP error it stands for (403 or 409), or nothing. */
export function refuse(refusal: Refusal | null): void {
  if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message, refusal.code) : conflict(refusal.message, refusal.code);
}
