import { sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../../common/languages';
import { boolean, index, integer, json, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../../common/roles';
import { createdAt, updatedAt, identityId } from './columns';
import { departments } from './departments';
import { positions } from './positions';

export const roleEnum = pgEnum('role', ROLES);

/** Who did something; the record stays when the account is deleted. */
export function userRef(column: string) {
  return integer(column).references(() => users.id, { onDelete: 'set null' });
}

export const users = pgTable(
  'users',
  {
    id: identityId(),
    username: varchar('username', { length: 50 }).notNull(),
    password: text('password').notNull(),
    email: varchar('email', { length: 254 }),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    role: roleEnum('role').notNull().default('user'),
    /** A division or a department; decides the user's required reading. */
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** Their position on board; its SOPs join their required reading. */
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    /** When they were given their position or joined a new vessel: their position's reading is due counting from then. */
    positionSince: timestamp('position_since', { withTimezone: true }),
    /** Deactivated accounts cannot sign in; their sessions are ended when this turns false. */
    active: boolean('active').notNull().default(true),
    /** Self-registered and not yet approved by an administrator: inactive until then. */
    awaitingApproval: boolean('awaiting_approval').notNull().default(false),
    /** Whether the e-mail address may link a single sign-on account by itself (false: self-registered, never checked). */
    emailTrusted: boolean('email_trusted').notNull().default(true),
    /** Set when an administrator deletes the account: it is hidden, never removed, so every record keeps the name. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The interface's language (a code of common/languages.ts); null until the first sign-in chooses it. */
    language: varchar('language', { length: 8 }).$type<LanguageCode>(),
    /** The vessels whose copy holds this person's sign-in data, by code; empty: every vessel. */
    vesselCodes: varchar('vessel_codes', { length: 16 }).array().notNull().default(sql`'{}'::varchar[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_department_idx').on(t.departmentId),
    index('users_position_idx').on(t.positionId),
  ],
);

/** Server-side sessions; the cookie only carries the signed sid. */
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6, withTimezone: true }).notNull(),
  },
  (t) => [index('session_expire_idx').on(t.expire)],
);

/** Settings an administrator changes at run time, and secrets every instance must share. */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Sign-in and registration counters, shared by every instance. One row per key
 * (account, account+address, address, registration address).
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttle_last_failure_idx').on(t.lastFailureAt)],
);

/** A single sign-on account (issuer and subject) linked to one account here. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: varchar('issuer', { length: 500 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'sso_identities_issuer_subject_pk', columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * A mailed link that confirms an account's e-mail address: only the SHA-256 of its token is
 * kept, with the address it was sent to (a changed address makes it worthless), used once
 * (`used_at`), for 48 hours.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenSha256: varchar('token_sha256', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);
