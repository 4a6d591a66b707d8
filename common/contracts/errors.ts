import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';

/**
 * Every 4xx and 5xx answer. Upload routes repeat the message in `error`. An invalid input names
 * its `field` (as the request spelled it, 'password', 'steps.0.name'); the message is a sentence
 * a person reads beside that field, without the field's name put before it.
 */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  error: z.string().optional(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An answer that only confirms what happened ('SOP deleted', 'Logged out'). */
export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;
