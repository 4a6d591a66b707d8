// Single sign-on's paths and sentences, apart from its zod contract (contracts/sso.ts) so the
// client's shell can use them without loading zod (decision 027).

/** Where the button sends the browser; the provider sends it back to SSO_CALLBACK_PATH. */
export const SSO_START_PATH = '/api/auth/sso/start';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

export const SSO_NOT_CONFIGURED = 'Single sign-on is not configured on this server: sign in with your username and password.';

/**
 * Why a sign-in through the identity provider ended on the sign-in screen: the callback
 * sends `/auth?error=<code>`, and the screen shows the sentence. Only these codes are ever
 * shown, so a link cannot make the screen say anything else.
 */
export const SSO_ERRORS = {
  sso_state: 'The sign-in could not be checked: it was started in another window or took too long. Please try again.',
  sso_refused: 'The identity provider did not sign you in.',
  sso_failed: "The identity provider's answer could not be verified. Please try again, or sign in with your username and password.",
  sso_unavailable: 'The identity provider could not be reached. Please try again later, or sign in with your username and password.',
  sso_no_email: 'The identity provider did not share a verified e-mail address, so no account could be found for you.',
  sso_unknown: 'There is no account for your e-mail address. Ask an administrator to create one.',
  sso_deactivated: 'Your account has been deactivated. Ask an administrator.',
  sso_link_needed:
    'Your account here cannot be linked to the identity provider automatically. Ask an administrator to link it from your user page, or sign in with your username and password.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The sentence for `?error=` on the sign-in screen, or null for anything that is not one of ours. */
export const ssoErrorMessage = (code: string | null): string | null => (code && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : null);
