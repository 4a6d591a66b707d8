import type { FastifyRequest } from 'fastify';

/**
 * A malformed upload is the sender's mistake: 400 saying what is wrong with it, never a 500. The
 * multipart plugin's own errors carry codes; busboy's parse errors (no boundary, a body
 * cut short, garbage) carry only their messages, so those are matched on the request
 * being multipart and the message busboy uses.
 */

const LIMIT_MESSAGES: Record<string, string> = {
  FST_PARTS_LIMIT: 'Too many parts in one upload',
  FST_FILES_LIMIT: 'Too many files in one upload',
  FST_FIELDS_LIMIT: 'Too many form fields in one upload',
};

const CODE_MESSAGES: Record<string, string> = {
  FST_PROTO_VIOLATION: 'A form field has a name that is not allowed',
  FST_INVALID_JSON_FIELD_ERROR: 'A form field declared as JSON is not valid JSON',
  FST_MP_PREMATURE_CLOSE: 'The upload ended before it was complete',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the upload as multipart/form-data',
  // A stream cut off while a part was being read (the same cause, seen from the file stream).
  ERR_STREAM_PREMATURE_CLOSE: 'The upload ended before it was complete',
};

const BUSBOY_MESSAGES: Array<[RegExp, string]> = [
  [/^Multipart: Boundary not found$|^Boundary required$/, 'The multipart/form-data content type has no boundary'],
  [/^Unexpected end of multipart data$|terminated early due to unexpected end of multipart data$/, 'The upload is incomplete or does not match its boundary'],
  [/^Unsupported Content-Type\.$|^Missing Content-Type-header\.$/, 'Send the upload as multipart/form-data'],
];

export function describeMultipartError(
  err: Error & { code?: string; statusCode?: number },
  request: FastifyRequest,
): { status: number; message: string } | null {
  const code = err.code ?? '';
  if (LIMIT_MESSAGES[code]) return { status: 400, message: LIMIT_MESSAGES[code] };
  if (!isMultipartRequest(request)) return null;
  if (CODE_MESSAGES[code]) return { status: 400, message: CODE_MESSAGES[code] };
  if (err.statusCode !== undefined || code) return null;
  const known = BUSBOY_MESSAGES.find(([pattern]) => pattern.test(err.message));
  return known ? { status: 400, message: known[1] } : null;
}

function isMultipartRequest(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}
