import { z } from 'zod';
import { ROLES } from '../roles';
import { LanguageField, OptionalEmail, Password, PublicUser, Username } from './auth';
import { idParams, isoDate, optionalText, singleLine } from './fields';
import { VesselCodes } from './fleet';
import { UserPositionId } from './positions';

const NAME_MAX = 100;
const optionalName = (label: string) => optionalText(NAME_MAX, label, singleLine);

const Role = z.enum(ROLES, { error: 'Role must be user, approver or admin' });

/** A division or a department the user belongs to; null for none. */
export const UserDepartmentId = z
  .number({ error: 'Choose a department or none' })
  .int('Choose a department or none')
  .positive('Choose a department or none')
  .max(2147483647, 'Choose a department or none')
  .nullable();

/** POST /api/admin/users: an administrator creates an account with any role (default user). */
export const CreateUserInput = z.object({
  username: Username,
  password: Password,
  email: OptionalEmail,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  role: Role.default('user'),
  departmentId: UserDepartmentId.optional().transform((v) => v ?? null),
  /** Their position on board; its SOPs join their required reading, due counting from now. */
  positionId: UserPositionId.optional().transform((v) => v ?? null),
  /** The vessels whose copy may sign them in; empty (the default): every vessel. Each code must be registered. */
  vesselCodes: VesselCodes.optional().transform((v) => v ?? []),
  /** The interface's language; left out: the person's first sign-in takes their browser's. */
  language: LanguageField.nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type CreateUserInput = z.input<typeof CreateUserInput>;
export type CreatedUserInput = z.output<typeof CreateUserInput>;

/**
 * The Create User dialog: the same fields plus a confirmation that is never sent; the
 * department and the position are the selects' values ('none' or an id) until the dialog converts them.
 */
export const CreateUserForm = CreateUserInput.omit({ departmentId: true, positionId: true, vesselCodes: true })
  .extend({
    confirmPassword: z.string({ error: 'Please confirm the password' }),
    departmentId: z.string(),
    positionId: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type CreateUserForm = z.input<typeof CreateUserForm>;

/** A field left out of a PATCH stays as it is; an empty name or email clears it. */
const patchText = (label: string, max: number) =>
  singleLine(label, `${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** PATCH /api/admin/users/{id}: any of these; role and `active` apply on the user's next request. */
export const UpdateUserInput = z
  .object({
    firstName: patchText('First name', NAME_MAX),
    lastName: patchText('Last name', NAME_MAX),
    email: z
      .union([z.literal(''), z.email('Enter a valid email address').max(254)])
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    role: Role.optional(),
    departmentId: UserDepartmentId.optional(),
    /** A new position (or a vessel added) makes that position's reading due counting from the change. */
    positionId: UserPositionId.optional(),
    vesselCodes: VesselCodes.optional(),
    language: LanguageField.optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { message: 'Nothing to change: send at least one field' });
export type UpdateUserInput = z.input<typeof UpdateUserInput>;
export type UpdatedUserInput = z.output<typeof UpdateUserInput>;

/** POST /api/admin/users/{id}/password: an administrator sets a new password. */
export const ResetPasswordInput = z.object({ password: Password });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** POST /api/user/password: a signed-in user changes their own. */
export const ChangePasswordInput = z.object({
  currentPassword: singleLine('Current password').min(1, 'Current password is required').max(200),
  newPassword: Password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** The change-password screen: the same fields plus a confirmation that is never sent. */
export const ChangePasswordForm = ChangePasswordInput.extend({
  confirmPassword: z.string({ error: 'Please confirm the new password' }),
}).refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const UserIdParams = idParams('User id');

/** A row of GET /api/admin/users: public fields only, never a password; with the vessels that may sign them in. */
export const AdminUser = PublicUser.extend({
  vesselCodes: z.array(z.string()),
  /** Self-registered and waiting for an administrator's approval (the list always says; other answers may leave it out). */
  awaitingApproval: z.boolean().optional(),
});
export type AdminUser = z.input<typeof AdminUser>;
export const AdminUserList = z.array(AdminUser);

/** POST /api/admin/users/{id}/sso-identity: the subject (`sub`) of the person's account at the identity provider. */
export const LinkSsoIdentityInput = z.object({ subject: z.string().trim().min(1, 'Enter the subject of the account at the identity provider').max(255) });
export type LinkSsoIdentityInput = z.input<typeof LinkSsoIdentityInput>;

/** GET /api/admin/users/{id}/sso-identity: the identity-provider accounts linked to this account (issuer and subject). */
export const SsoIdentity = z.object({ issuer: z.string(), subject: z.string(), linkedAt: isoDate });
export const SsoIdentities = z.array(SsoIdentity);
export type SsoIdentity = z.input<typeof SsoIdentity>;
