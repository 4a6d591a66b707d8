import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the logs may carry: the error, the route and ids. Never query parameters, bodies,
 * passwords, hashes or file contents. Drizzle puts every bound parameter of a failed query
 * in its error message (one registration logged an argon2 hash), and a PostgreSQL error's
 * `detail` quotes the failing row, so errors are rebuilt from a list of safe fields rather
 * than copied.
 */

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's own description of what failed: names, never values. */
  db?: Record<string, string>;
  stack: string;
  cause?: SafeError;
}

const DB_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
// PostgreSQL quotes names after these words ('violates unique constraint "users_username_unique"')
// and values everywhere else ('invalid input syntax for type integer: "abc"').
const QUOTED = /(\b(?:constraint|relation|column|table|index|type|schema|function|database|encoding|sequence|trigger|role)\s+)?"[^"]*"/gi;

export function serializeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'A non-error value was thrown', stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  // PostgreSQL's errors (and PGlite's, which also carry the query and its parameters).
  const isDatabase = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
  const message = err instanceof DrizzleQueryError ? 'Failed query' : isDatabase ? maskValues(e.message) : e.message;
  // The first lines of a stack repeat the message; only the frames are kept.
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const safe: SafeError = { type: e.constructor?.name ?? e.name, message, stack: frames.join('\n') };
  if (typeof e.code === 'string') safe.code = e.code;
  if (typeof e.statusCode === 'number') safe.statusCode = e.statusCode;
  if (isDatabase) {
    const db: Record<string, string> = {};
    for (const field of DB_FIELDS) {
      const value = (e as unknown as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) db[field] = value;
    }
    safe.db = db;
  }
  if (e.cause && depth < 3) safe.cause = serializeError(e.cause, depth + 1);
  return safe;
}

/** Keeps the names PostgreSQL quotes and hides the values. */
export function maskValues(message: string): string {
  return message.replace(QUOTED, (match, keyword: string | undefined) => (keyword ? match : '"…"'));
}

/** The request as logged: method, path without its query string, and the route's pattern. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    route: request.routeOptions?.url,
    remoteAddress: request.ip,
  };
}

export const logSerializers = { err: serializeError, req: serializeRequest };

/** The app's logger options with the safe serializers, whatever the caller passed. */
export function withSafeLogging(logger: FastifyServerOptions['logger'] | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, ...logSerializers } };
}
