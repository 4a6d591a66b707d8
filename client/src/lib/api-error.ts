import { ERROR_CODES, type ErrorCode } from '@common/error-codes';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n';

/**
 * The server's codes, and two this browser gives itself with no link: 'offline' (a write it
 * refused) and 'offline_not_cached' (a read with no stored copy).
 */
const BROWSER_CODES = ['offline', 'offline_not_cached'] as const;
export type ApiErrorCode = ErrorCode | (typeof BROWSER_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set([...ERROR_CODES, ...BROWSER_CODES]);

/**
 * A failed call, as the server described it. Every error body is JSON with a person-readable
 * `message` (the upload endpoints repeat it in `error`) and a machine `code`; a body that is not
 * JSON (a proxy's page, a lost connection) leaves `code` undefined and the message generic.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The HTTP status; 0 when no answer arrived. */
    readonly status: number,
    message: string,
    /** The server's machine code for the case, when it sent one we know. */
    readonly code: ApiErrorCode | undefined,
    /** The parsed JSON body, or the raw text when it was not JSON. */
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The person-readable text in an error body: `message`, else `error` (upload endpoints). */
function messageIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return undefined;
}

/**
 * 'Not available offline' in the interface's language: the one sentence for a read with neither
 * a link nor a stored copy, whoever notices it (the API client, the worker's answer, the reader).
 */
export const notCachedMessage = () => i18n._(msg`Not available offline: open it once while online to keep a copy.`);

/** Builds the error for a non-OK answer from its status and body text. */
export function apiErrorOf(status: number, statusText: string, text: string): ApiError {
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text as the body.
  }
  const sent = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  const code = typeof sent === 'string' && KNOWN_CODES.has(sent) ? (sent as ApiErrorCode) : undefined;
  // The service worker answers a read it holds no copy of in English (it has no catalog); the
  // person reads it in the interface's language.
  if (code === 'offline_not_cached') return new ApiError(status, notCachedMessage(), code, body);
  return new ApiError(status, messageIn(body) ?? (statusText || i18n._(msg`Request failed with status ${status}`)), code, body);
}

/**
 * No valid session: a 401 with the code 'unauthorized'. A refused sign-in is a 401 too, with
 * its own code ('invalid_credentials'); it must reach the login form as an ordinary failure,
 * not sign anyone out. A 401 without a JSON body (a proxy in between) counts as an ended session.
 */
export function isUnauthorized(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  return error.code === undefined || error.code === 'unauthorized';
}

export const isNotFound = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404;

/** What a toast says about a failure: the server's own sentence when it sent one, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && messageIn(error.body)) || fallback;
}
