import { eq, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Every column but the password hash: the only shape that leaves the server. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export async function findPublicUser(db: Db, id: number): Promise<PublicUser | undefined> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findUserWithHashByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ ...publicUserColumns, password: users.password })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row;
}

export function toPublicUser<T extends PublicUser & { password?: string }>(row: T): PublicUser {
  const { password: _hash, ...rest } = row;
  return rest;
}
