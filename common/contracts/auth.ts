import { z } from 'zod';
import { ROLES } from '../roles';
import { LANGUAGE_CODES } from '../languages';
import { isoDate, optionalText, singleLine } from './fields';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export const Username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits, ".", "_" and "-"');

/**
 * The rules a form can check by itself. The server adds two that need more: not the
 * username, and not on the list of common passwords (server/src/features/auth/password-rules.ts).
 */
export const Password = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')
  .refine((v) => v.trim().length > 0, 'Password cannot be only spaces');

export const OptionalEmail = z
  .union([z.literal(''), z.email('Enter a valid email address').max(254)])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const LoginInput = z.object({
  username: singleLine('Username').trim().min(1, 'Username is required').max(50, 'Username must be at most 50 characters'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** Registration never chooses a role: whatever the body says, the server makes a `user`. */
export const RegisterInput = z.object({
  username: Username,
  password: Password,
  email: OptionalEmail,
  firstName: optionalText(100, 'First name', singleLine),
  lastName: optionalText(100, 'Last name', singleLine),
});
export type RegisterInput = z.input<typeof RegisterInput>;
export type RegisteredInput = z.output<typeof RegisterInput>;

/** A user as every answer shows one: never the password. */
export const PublicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  /** A division or a department; null when the user belongs to none. */
  departmentId: z.number().int().nullable(),
  /** Their position on board (Captain, Bosun); its SOPs join their required reading. Null: none. */
  positionId: z.number().int().nullable(),
  /** The interface's language; null until the first sign-in takes the browser's (an account an administrator made). */
  language: z.enum(LANGUAGE_CODES).nullable(),
  /** False once an administrator deactivates the account. */
  active: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
/** As the client receives it (dates as ISO strings). */
export type PublicUser = z.input<typeof PublicUser>;

/** POST /api/register: the account, which waits for an administrator's approval (no session yet). */
export const RegisteredAccount = PublicUser.extend({ awaitingApproval: z.boolean(), message: z.string() });
export type RegisteredAccount = z.input<typeof RegisteredAccount>;
export const AWAITING_APPROVAL_MESSAGE = 'Your account was created and is waiting for an administrator’s approval. You can sign in once it is approved.';
/** As the server holds it: the signed-in user of a request (dates as Date). */
export type SessionUser = z.output<typeof PublicUser>;

/** GET /api/locales: the languages the app speaks, each named in English and in itself. */
export const Locale = z.object({ code: z.enum(LANGUAGE_CODES), name: z.string(), nativeName: z.string() });
export const Locales = z.array(Locale);
export type Locale = z.input<typeof Locale>;

/** PUT /api/account/language. */
export const LanguageField = z.enum(LANGUAGE_CODES, { error: `Choose one of the languages: ${LANGUAGE_CODES.join(', ')}` });
export const LanguageInput = z.object({ language: LanguageField });
export type LanguageInput = z.input<typeof LanguageInput>;
