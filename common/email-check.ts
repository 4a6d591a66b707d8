// The mailed link that confirms an account's e-mail address: its path and what the screen says
// when the browser comes back from it, apart from the zod contract so the sign-in screen can
// use them without loading zod (decision 027).

/** Where the mailed link points (`?token=`); the server answers with a redirect to a screen. */
export const VERIFY_EMAIL_PATH = '/api/account/verify-email';

/** How long a mailed link works. */
export const EMAIL_LINK_HOURS = 48;

/**
 * The outcome of opening the link: the server redirects to `/auth?email=<code>` (signed out) or
 * `/account?email=<code>` (signed in), and the screen shows the sentence. Only these codes are
 * ever shown, so a link cannot make the screen say anything else.
 */
export const EMAIL_CHECK_RESULTS = {
  email_verified: 'Your e-mail address is confirmed.',
  email_link_used: 'This link has already been used: the address it was sent to was confirmed then.',
  email_link_expired: `This link has expired (it works for ${EMAIL_LINK_HOURS} hours). Sign in and ask for a new one on My Account.`,
  email_link_changed: 'This link was sent to an address the account no longer has. Ask for a new one on My Account.',
  email_link_invalid: 'This link is not valid: it may have been replaced by a newer one. Use the latest e-mail, or ask for a new link on My Account.',
} as const;
export type EmailCheckResult = keyof typeof EMAIL_CHECK_RESULTS;

/** The sentence for `?email=`, or null for anything that is not one of ours. */
export const emailCheckMessage = (code: string | null): string | null =>
  code && Object.hasOwn(EMAIL_CHECK_RESULTS, code) ? EMAIL_CHECK_RESULTS[code as EmailCheckResult] : null;
