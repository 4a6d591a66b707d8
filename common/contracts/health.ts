import { z } from 'zod';

/** GET /healthz: 200 while the database answers, 503 (with an error code) while it does not. */
export const HealthOk = z.object({ status: z.literal('ok') });
export const HealthUnavailable = z.object({ status: z.literal('unavailable'), message: z.string(), code: z.literal('unavailable') });
