import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Upload endpoints repeat the message in an `error` field (the client reads it there). */
    errorField?: boolean;
  }
}

/** The one error handler: every error leaves as JSON with a readable `message`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, message } = describe(err);
    if (status >= 500) request.log.error(err);
    const body: Record<string, string> = { message };
    if (request.routeOptions.config?.errorField) body.error = message;
    return reply.status(status).send(body);
  });
}

function describe(err: FastifyError): { status: number; message: string } {
  if (err instanceof HttpError) return { status: err.statusCode, message: err.message };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const messages = err.validation.map((v) => {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return field ? `${field}: ${v.message}` : (v.message ?? 'Invalid input');
    });
    return { status: 400, message: messages.join('; ') };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: 'File is larger than the 10 MB limit' };
    case 'FST_FILES_LIMIT':
      return { status: 400, message: 'Too many files in one upload' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported content type' };
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) return { status: 500, message: 'Something went wrong on the server. Please try again.' };
  return { status, message: err.message };
}
