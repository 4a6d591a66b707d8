import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

/** node-postgres returns a Buffer, PGlite a Uint8Array: both become a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A table's own id, numbered by the database. */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
