import { z } from 'zod';
import { ErrorBody } from '../../../common/contracts/errors';

/** Every error answer, whatever the route: the error handler's body. */
export const ERROR_ANSWERS = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

/**
 * A route's `schema.response`: its own answers by status, and the error body for every
 * 4xx and 5xx. The serializer encodes each answer with its schema (timestamps become ISO
 * strings, fields the schema does not name are left out) and the handler's return type is
 * checked against it. Downloads declare only ERROR_ANSWERS: their bytes are streamed.
 */
/** A 204 answer: no body. */
export const NO_CONTENT = z.undefined();

export const answers = <T extends Record<number, z.ZodType>>(own: T) => ({ ...own, ...ERROR_ANSWERS });

/**
 * Refuses, when the app is built, an API route without its answers declared: every route
 * under /api/ and /healthz must name a response schema (checked on every start and test).
 */
export function requireResponseSchema(route: { method: string | string[]; url: string; schema?: { response?: unknown } }): void {
  const served = route.url.startsWith('/api/') || route.url === '/healthz';
  if (served && !route.schema?.response) throw new Error(`${String(route.method)} ${route.url} declares no response schema (schema.response)`);
}
