import { z } from 'zod';

/** GET /api/settings (public: the sign-in screen and the signing dialogs read it). */
export const AppSettings = z.object({
  registrationOpen: z.boolean({ error: 'registrationOpen must be true or false' }),
  /** Approving, requesting changes and attesting need the signer's password or passkey. */
  requireSignatures: z.boolean({ error: 'requireSignatures must be true or false' }),
});
export type AppSettings = z.infer<typeof AppSettings>;

/** PUT /api/admin/settings: the settings to change (at least one); the others stay as they are. */
export const UpdateSettingsInput = AppSettings.partial().refine((input) => Object.keys(input).length > 0, {
  message: 'Give registrationOpen or requireSignatures',
});
export type UpdateSettingsInput = z.infer<typeof UpdateSettingsInput>;

/** Self-registration is open and signatures are not required until an administrator says otherwise. */
export const DEFAULT_SETTINGS: AppSettings = { registrationOpen: true, requireSignatures: false };

export const REGISTRATION_CLOSED_MESSAGE = 'Registration is closed. Ask an administrator for an account.';
