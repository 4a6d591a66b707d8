import { z } from 'zod';

/** GET /api/settings (public, the sign-in screen reads it) and PUT /api/admin/settings. */
export const AppSettings = z.object({
  registrationOpen: z.boolean({ error: 'registrationOpen must be true or false' }),
});
export type AppSettings = z.infer<typeof AppSettings>;

/** Self-registration is open until an administrator closes it. */
export const DEFAULT_SETTINGS: AppSettings = { registrationOpen: true };

export const REGISTRATION_CLOSED_MESSAGE = 'Registration is closed. Ask an administrator for an account.';
