import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SignatureMeaning } from '../../../../common/signature-meanings';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import { createdAt, identityId } from './columns';
import { approvalTasks, sopVersions } from './sops';
import { users } from './users';

/** Each decision on a step of a task: who, in what capacity, at which step (one per person and task). */
export const approvalSignatures = pgTable(
  'approval_signatures',
  {
    id: identityId(),
    taskId: integer('task_id')
      .notNull()
      .references(() => approvalTasks.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => sopVersions.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    stepName: varchar('step_name', { length: 100 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Set when a delegate decided: the absent person the decision counts for (`userId` is who decided). */
    onBehalfOf: integer('on_behalf_of').references(() => users.id, { onDelete: 'restrict' }),
    meaning: varchar('meaning', { length: 30 }).$type<SignatureMeaning>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    /** How the signer proved themselves (null: no proof asked for or given). */
    method: varchar('method', { length: 10 }).$type<SignatureMethod>(),
    /** The digest of the version signed (version-digest.service.ts); null for decisions made before it was kept. */
    contentSha256: varchar('content_sha256', { length: 64 }),
  },
  (t) => [
    uniqueIndex('approval_signatures_task_user_key').on(t.taskId, t.userId),
    index('approval_signatures_version_idx').on(t.versionId),
    index('approval_signatures_user_idx').on(t.userId),
    index('approval_signatures_on_behalf_of_idx').on(t.onBehalfOf),
    check('approval_signatures_not_for_self_check', sql`${t.onBehalfOf} <> ${t.userId}`),
    check('approval_signatures_method_check', sql`${t.method} in ('password', 'passkey')`),
    check('approval_signatures_meaning_check', sql`${t.meaning} in ('approved', 'reviewed', 'changes_requested', 'rejected')`),
  ],
);

/** People added to one step of one task ('Add Co-Approver'): each must sign before the step is done. */
export const approvalCoApprovers = pgTable(
  'approval_co_approvers',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => approvalTasks.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.stepIndex, t.userId] }),
    index('approval_co_approvers_user_idx').on(t.userId),
    index('approval_co_approvers_added_by_idx').on(t.addedBy),
  ],
);

/** Passkeys (WebAuthn credentials) a person registered to sign with; the public key is base64url. */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: varchar('credential_id', { length: 1400 }).notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkey_credentials_credential_key').on(t.credentialId), index('passkey_credentials_user_idx').on(t.userId)],
);

/**
 * Passkey signing challenges: one person, one thing signed (`version:<id>` with its digest then,
 * or `sop:<id>`), used once. Consumed by a single `delete ... returning`, so concurrent requests
 * (or instances) can never spend one twice.
 */
export const signatureChallenges = pgTable(
  'signature_challenges',
  {
    challenge: varchar('challenge', { length: 200 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: varchar('target', { length: 100 }).notNull(),
    contentSha256: varchar('content_sha256', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('signature_challenges_expires_idx').on(t.expiresAt), index('signature_challenges_user_idx').on(t.userId)],
);
