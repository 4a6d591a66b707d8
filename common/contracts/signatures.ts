import { z } from 'zod';
import { isoDate, singleLine } from './fields';

/**
 * Electronic signatures: when an administrator requires them (`requireSignatures`), approving,
 * requesting changes and attesting carry a proof that the signer is at the keyboard: their
 * password, or an assertion of a passkey registered on their account.
 */
export const SIGNATURE_METHODS = ['password', 'passkey'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

/** A WebAuthn assertion as @simplewebauthn/browser's startAuthentication answers it. */
export const PasskeyAssertion = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/**
 * What a passkey signature is for, asked with its challenge (POST /api/signatures/challenge): the
 * version a decision or attestation is about, or the SOP being withdrawn. The challenge signs that
 * and nothing else, once.
 */
export const SignatureTarget = z.union(
  [z.object({ versionId: z.number().int().positive() }).strict(), z.object({ sopId: z.number().int().positive() }).strict()],
  {
    error: 'Say what the signature is for: { versionId } or { sopId }',
  },
);
export type SignatureTarget = z.input<typeof SignatureTarget>;

/** `signature` in the body of a decision or an attestation. */
export const SignatureProof = z.union(
  [z.object({ password: z.string().min(1, 'Enter your password to sign').max(200) }).strict(), z.object({ passkey: PasskeyAssertion }).strict()],
  { error: 'signature must be { password } or { passkey }' },
);
export type SignatureProof = z.input<typeof SignatureProof>;

/** The 401 a missing or failed proof answers (nothing is recorded). */
export const SIGNATURE_REQUIRED_MESSAGE = 'Signatures are required: confirm with your password or a passkey.';
export const SIGNATURE_FAILED_MESSAGE = 'The signature could not be verified: check your password, or use your passkey again.';

/** A passkey as the account page lists it. */
export const Passkey = z.object({ id: z.number().int(), name: z.string(), createdAt: isoDate, lastUsedAt: isoDate.nullable() });
export type Passkey = z.input<typeof Passkey>;
export const Passkeys = z.array(Passkey);

/**
 * POST /api/account/passkeys/options: the account's password, or an assertion of one of its
 * passkeys (answering POST /api/account/passkeys/proof-options), given now. A borrowed session
 * alone never adds a passkey: the registration challenge exists only for 5 minutes after it.
 */
export const PasskeyOptionsInput = z.union(
  [z.object({ password: z.string().min(1, 'Enter your password to add a passkey').max(200) }).strict(), z.object({ passkey: PasskeyAssertion }).strict()],
  { error: 'Enter your password, or use one of your passkeys, to add a passkey' },
);
export type PasskeyOptionsInput = z.input<typeof PasskeyOptionsInput>;
export const PASSKEY_PASSWORD_REFUSED = 'Your password was not correct, so no passkey can be added. Enter the password you sign in with.';
export const PASSKEY_PROOF_REFUSED =
  'Your passkey could not be verified (it may have taken more than 5 minutes), so no passkey can be added. Try again, or enter your password.';

/** POST /api/account/passkeys: the browser's registration answer, and a name for the passkey. */
export const RegisterPasskeyInput = z.object({
  name: singleLine('Passkey name').trim().min(1, 'Name the passkey').max(100, 'A passkey name must be at most 100 characters'),
  response: z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: base64url, attestationObject: base64url, transports: z.array(z.string().max(30)).max(10).optional() }).passthrough(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  }),
});
export type RegisterPasskeyInput = z.input<typeof RegisterPasskeyInput>;

/** The options the browser passes to startRegistration / startAuthentication (WebAuthn JSON). */
export const WebAuthnOptions = z.record(z.string(), z.unknown());
