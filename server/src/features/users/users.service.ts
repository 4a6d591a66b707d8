import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { dataVersion, sessions, users } from '../../db/schema';

/** Every column but the password hash: the only shape that leaves the server. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  departmentId: users.departmentId,
  positionId: users.positionId,
  language: users.language,
  active: users.active,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Accounts an administrator deleted stay as rows (names on the record) but are hidden everywhere else. */
export const notDeleted = isNull(users.deletedAt);
/** Only an active account that was not deleted may act. */
const mayAct = and(eq(users.active, true), notDeleted);

/**
 * The user behind a session (only an active account that was not deleted may act) and the
 * data version (versioned-answer.ts), in one read: every request re-reads its user, and the
 * hot reads that answer from the versioned cache then need no query of their own.
 */
export async function findActiveUser(db: Db, id: number): Promise<{ user: SessionUser | undefined; dataVersion: number }> {
  const [row] = await db
    .select({ dataVersion: dataVersion.version, user: publicUserColumns })
    .from(dataVersion)
    .leftJoin(users, and(eq(users.id, id), mayAct))
    .where(eq(dataVersion.id, 1));
  return { user: row?.user ?? undefined, dataVersion: Number(row?.dataVersion ?? 0) };
}

const sessionReads = new WeakMap<Db, ReturnType<typeof prepareSessionRead>>();
// Built once, sent unnamed: the embedded database serves every pool connection from one
// session, where a second connection preparing the same name would be refused.
function prepareSessionRead(db: Db) {
  return db
    .select({ sess: sessions.sess, expire: sessions.expire, dataVersion: dataVersion.version, user: publicUserColumns })
    .from(dataVersion)
    .leftJoin(sessions, eq(sessions.sid, sql.placeholder('sid')))
    .leftJoin(users, and(eq(users.id, sql`(${sessions.sess}->>'userId')::int`), mayAct))
    .where(eq(dataVersion.id, 1))
    .prepare('');
}

/**
 * A session row with its active user and the data version, in one query built once: the session
 * store reads it when it holds no usable copy, and the access hook then needs no read of its
 * own (`findActiveUser` only when this one cannot serve).
 */
export async function readSessionWithUser(db: Db, sid: string) {
  let prepared = sessionReads.get(db);
  if (!prepared) sessionReads.set(db, (prepared = prepareSessionRead(db)));
  const startedAt = performance.now();
  const [row] = await prepared.execute({ sid });
  if (!row?.sess || !row.expire) return null;
  const { userId } = row.sess as { userId?: unknown };
  return {
    sess: row.sess,
    expire: row.expire,
    userId: typeof userId === 'number' ? userId : null,
    user: row.user ?? undefined,
    dataVersion: Number(row.dataVersion ?? 0),
    /** performance.now() when the query was sent. */
    startedAt,
  };
}

/** Any account with this name, deleted ones included: a deleted account's username stays reserved. */
export async function findUserWithHashByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ ...publicUserColumns, password: users.password, deletedAt: users.deletedAt, awaitingApproval: users.awaitingApproval })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row;
}

export function toPublicUser<T extends SessionUser & { password?: string; deletedAt?: Date | null; awaitingApproval?: boolean }>(row: T): SessionUser {
  const { password: _hash, deletedAt: _deleted, awaitingApproval: _waiting, ...rest } = row;
  return rest;
}

/** Ends the user's sessions at once (all of them, or all but the one the request came with). */
export async function endSessionsOf(db: Db, userId: number, exceptSid?: string): Promise<void> {
  const ofUser = sql`(${sessions.sess}->>'userId')::int = ${userId}`;
  await db.delete(sessions).where(exceptSid ? and(ofUser, ne(sessions.sid, exceptSid)) : ofUser);
}
