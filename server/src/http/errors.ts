import type { ErrorCode } from '../../../common/error-codes';

/**
 * An error that speaks to a person and carries its HTTP status; `code` names the case for
 * a program when the status alone does not (absent: the status's own code, see error-handler.ts);
 * `field` names the input it is about, so the message itself needs no 'password: ' prefix.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: ErrorCode, field?: string) => new HttpError(400, message, code, field);
export const unauthorized = (message = 'Unauthorized', code?: ErrorCode) => new HttpError(401, message, code);
export const forbidden = (message = 'You do not have permission to do this', code?: ErrorCode) => new HttpError(403, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, code?: ErrorCode) => new HttpError(409, message, code);
export const payloadTooLarge = (message = 'File is larger than the 10 MB limit') => new HttpError(413, message);
export const unsupportedType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
