import { z } from 'zod';

/**
 * GET /api/account/email-verification: whether the signed-in person's address is confirmed
 * (only a confirmed address links a single sign-on account by itself), and whether this server
 * can mail a link to confirm it.
 */
export const EmailVerificationState = z.object({
  email: z.string().nullable(),
  confirmed: z.boolean(),
  /** This server sends e-mail (SMTP_URL), so a link can be asked for. */
  canSend: z.boolean(),
});
export type EmailVerificationState = z.infer<typeof EmailVerificationState>;

/** GET /api/account/verify-email?token=…: the token of the mailed link. */
export const VerifyEmailQuery = z.object({
  token: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/)
    .catch(''),
});
