import { sql } from 'drizzle-orm';
import { index, integer, json, pgEnum, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../../common/roles';
import { createdAt, updatedAt } from './columns';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 50 }).notNull(),
    password: text('password').notNull(),
    email: varchar('email', { length: 254 }),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    role: roleEnum('role').notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
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
