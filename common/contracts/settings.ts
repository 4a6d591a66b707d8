import { z } from 'zod';

/** GET /api/settings (public, the sign-in screen reads it); PUT /api/admin/settings changes some of them. */
export const AppSettings = z.object({
  registrationOpen: z.boolean({ error: 'registrationOpen must be true or false' }),
  /** Whether a person the identity provider signs in with no account here gets one (role user), or is refused. */
  ssoCreatesAccounts: z.boolean({ error: 'ssoCreatesAccounts must be true or false' }),
});
export type AppSettings = z.infer<typeof AppSettings>;

/** PUT /api/admin/settings: the settings to change; those left out stay as they are. */
export const SettingsChange = AppSettings.partial().refine(
  (change) => Object.values(change).some((value) => value !== undefined),
  'Name a setting to change: registrationOpen or ssoCreatesAccounts',
);
export type SettingsChange = z.infer<typeof SettingsChange>;

/** Self-registration is open until an administrator closes it; strangers from the identity provider are refused until one allows them. */
export const DEFAULT_SETTINGS: AppSettings = { registrationOpen: true, ssoCreatesAccounts: false };

export const REGISTRATION_CLOSED_MESSAGE = 'Registration is closed. Ask an administrator for an account.';
