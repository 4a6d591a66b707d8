import { z } from 'zod';

/** GET /api/settings (public, the sign-in screen reads it); PUT /api/admin/settings changes some of them. */
export const AppSettings = z.object({
  registrationOpen: z.boolean({ error: 'registrationOpen must be true or false' }),
  /** Whether a person the identity provider signs in with no account here gets one (role user), or is refused. */
  ssoCreatesAccounts: z.boolean({ error: 'ssoCreatesAccounts must be true or false' }),
  /** Approving, requesting changes and attesting need the signer's password or passkey. */
  requireSignatures: z.boolean({ error: 'requireSignatures must be true or false' }),
});
export type AppSettings = z.infer<typeof AppSettings>;

/** PUT /api/admin/settings: the settings to change; those left out stay as they are. */
export const SettingsChange = AppSettings.partial().refine(
  (change) => Object.values(change).some((value) => value !== undefined),
  'Name a setting to change: registrationOpen, ssoCreatesAccounts or requireSignatures',
);
export type SettingsChange = z.infer<typeof SettingsChange>;

/**
 * Self-registration is open until an administrator closes it; strangers from the identity
 * provider are refused, and signatures are not required, until one says otherwise.
 */
/** A new installation: nobody registers until an administrator opens it (migration 0031 keeps an older one's setting). */
export const DEFAULT_SETTINGS: AppSettings = { registrationOpen: false, ssoCreatesAccounts: false, requireSignatures: false };

export const REGISTRATION_CLOSED_MESSAGE = 'Registration is closed. Ask an administrator for an account.';
