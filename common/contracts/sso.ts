import { z } from 'zod';

/** GET /api/auth/sso (public): whether the sign-in screen offers the company's identity provider. */
export const SsoStatus = z.object({
  configured: z.boolean(),
  /** The name on the button: 'Sign in with {name}'. */
  name: z.string().nullable(),
  /** The provider's issuer URL, which the Administration Center names. */
  issuer: z.string().nullable(),
});
export type SsoStatus = z.infer<typeof SsoStatus>;
