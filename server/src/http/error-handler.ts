import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../../common/contracts/errors';
import type { ErrorCode } from '../../../common/error-codes';
import { bestLanguage, isLanguageCode, type LanguageCode } from '../../../common/languages';
import { translateMessage } from '../lib/server-messages';
import { databaseErrorCode, isRetryableConflict } from '../db/transaction-retry';
import { HttpError } from './errors';
import { describeMultipartError } from './multipart-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Upload endpoints repeat the message in an `error` field (the client reads it there). */
    errorField?: boolean;
  }
}

export const SERVER_ERROR_MESSAGE = 'Something went wrong on the server. Please try again.';
export const CONCURRENT_CHANGE_MESSAGE = 'Someone else changed the same records at the same moment, so this change was not saved. Please try again.';
/** The last line of defence: a value the schemas let through and the database refused. */
export const UNSTORABLE_VALUE_MESSAGE = 'The request holds a value the database cannot store (for example a U+0000 character or a number out of range)';

type Described = { status: number; message: string; code?: ErrorCode; field?: string };

/** The code an error answer carries when its thrower named none: one per status. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_type';
    case 429:
      return 'rate_limited';
    case 503:
      return 'busy';
  }
  return status >= 500 ? 'server_error' : 'bad_request';
}

/** The one error handler: every error leaves as JSON with a readable `message` and a machine `code`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const described = describeError(err, request);
    const { status, code = defaultErrorCode(status), field } = described;
    const message = translateMessage(described.message, callerLanguage(request));
    // The error, the route, the caller and the ids: never the body or the query's parameters.
    if (status >= 500) request.log.error({ err, route: request.routeOptions.url, userId: request.user?.id, ids: idsOf(request.params) }, 'request failed');
    else if (described.message === UNSTORABLE_VALUE_MESSAGE || status === 409)
      request.log.warn({ err, route: request.routeOptions.url, userId: request.user?.id }, described.message);
    const body: ErrorBody = { message, code };
    if (field) body.field = field;
    if (request.routeOptions.config?.errorField) body.error = message;
    // A download that failed before its first byte had already set the file's headers.
    reply.removeHeader('content-disposition').removeHeader('repr-digest').removeHeader('content-length');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

/** The signed-in person's own language, else the best match of the request's Accept-Language (decision 072). */
function callerLanguage(request: FastifyRequest): LanguageCode {
  const own = request.user?.language;
  return isLanguageCode(own) ? own : bestLanguage(request.headers['accept-language']);
}

/** The path's ids (numbers and uuids); any other path text is left out of the log. */
function idsOf(params: unknown): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (/^(\d{1,19}|[0-9a-f-]{36})$/i.test(String(value))) ids[name] = String(value);
  }
  return ids;
}

function describeError(err: FastifyError, request: FastifyRequest): Described {
  if (err instanceof HttpError) return { status: err.statusCode, message: err.message, code: err.code, field: err.field };
  if (hasZodFastifySchemaValidationErrors(err)) {
    // Each refusal is a sentence a person reads beside its field; `field` names the first
    // field refused, as the request spelled it ('password', 'steps.0.name').
    const fields = err.validation.map((v) => v.instancePath.replace(/^\//, '').replaceAll('/', '.'));
    const message = err.validation.map((v) => v.message ?? 'Invalid input').join('; ');
    const field = fields.find(Boolean);
    return { status: 400, message, ...(field ? { field } : {}) };
  }
  const multipart = describeMultipartError(err, request);
  if (multipart) return multipart;
  const database = describeDatabaseError(err);
  if (database) return database;
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: 'File is larger than the 10 MB limit' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported content type' };
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) return { status: 500, message: SERVER_ERROR_MESSAGE };
  return { status, message: err.message };
}

/**
 * Errors PostgreSQL raises that are not the server's fault: two transactions that met
 * (retried already by the transaction helper, so still failing means a busy moment), and
 * values out of the column's range that a schema should have refused earlier.
 */
function describeDatabaseError(err: unknown): Described | null {
  if (isRetryableConflict(err)) return { status: 409, message: CONCURRENT_CHANGE_MESSAGE, code: 'concurrent_change' };
  const code = databaseErrorCode(err);
  // 22P05 untranslatable character (U+0000), 22021 bad byte sequence, 22003 numeric out of
  // range, 22001 string too long, 22008 date out of range, 22P02 invalid text representation.
  if (code && ['22P05', '22021', '22003', '22001', '22008', '22P02'].includes(code)) return { status: 400, message: UNSTORABLE_VALUE_MESSAGE };
  return null;
}
