import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { ADMINISTRATOR_ROLES } from '../../../../common/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { createUser } from './auth.service';

/**
 * First start with no admin: create one. With no ADMIN_PASSWORD a strong one is generated
 * and printed once; it is never stored in clear.
 */
export async function ensureAdmin(db: Db, opts: { username: string; password?: string }, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  const [existing] = await db.select({ id: users.id }).from(users).where(inArray(users.role, ADMINISTRATOR_ROLES)).limit(1);
  if (existing) return;
  const password = opts.password ?? randomBytes(15).toString('base64url');
  try {
    await createUser(
      db,
      { username: opts.username, password, email: null, firstName: 'System', lastName: 'Administrator', role: ADMINISTRATOR_ROLES[0] },
      null,
    );
  } catch (err) {
    // A weak ADMIN_PASSWORD is refused by the same rules as every other password.
    if (opts.password && err instanceof Error) throw new Error(`ADMIN_PASSWORD is refused: ${err.message}`);
    throw err;
  }
  if (opts.password) {
    log.info(`Created the first admin account "${opts.username}" with the password from ADMIN_PASSWORD.`);
  } else {
    // Printed once, to the console only: the operator must write it down now.
    console.log(
      `\n  First admin account created.\n    username: ${opts.username}\n    password: ${password}\n  Store it safely; it will not be shown again.\n`,
    );
  }
}
