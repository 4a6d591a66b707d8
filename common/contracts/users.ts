import { z } from 'zod';
import { ROLES } from '../roles';
import { OptionalEmail, Password, Username, type PublicUser } from './auth';

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** POST /api/admin/users: an administrator creates an account with any role (default user). */
export const CreateUserInput = z.object({
  username: Username,
  password: Password,
  email: OptionalEmail,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  role: z.enum(ROLES, { error: 'Role must be user, approver or admin' }).default('user'),
});
export type CreateUserInput = z.input<typeof CreateUserInput>;
export type CreatedUserInput = z.output<typeof CreateUserInput>;

/** The Create User dialog: the same fields plus a confirmation that is never sent. */
export const CreateUserForm = CreateUserInput.extend({
  confirmPassword: z.string({ error: 'Please confirm the password' }),
}).refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type CreateUserForm = z.input<typeof CreateUserForm>;

export const UserIdParams = z.object({ id: z.coerce.number().int().positive('Unknown user id') });

/** A row of GET /api/admin/users: public fields only, never a password. */
export type AdminUser = Omit<PublicUser, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
