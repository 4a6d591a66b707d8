import { z } from 'zod';
import type { Role } from '../roles';
import { singleLine } from './fields';

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

const optionalText = (max: number, label: string) =>
  singleLine(label, `${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

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
  firstName: optionalText(100, 'First name'),
  lastName: optionalText(100, 'Last name'),
});
export type RegisterInput = z.input<typeof RegisterInput>;
export type RegisteredInput = z.output<typeof RegisterInput>;

export interface PublicUser {
  id: number;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  /** A division or a department; null when the user belongs to none. */
  departmentId: number | null;
  /** False once an administrator deactivates the account. */
  active: boolean;
  createdAt: string | Date;
  updatedAt: string | Date;
}
