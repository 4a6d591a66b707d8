/**
 * The accounts the browser journeys sign in with (e2e/support/users.ts), in a fresh data dir.
 * Not for production data: the passwords are in the repository.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createUser } from '../features/auth/auth.service';
import { ensureAdmin } from '../features/auth/bootstrap-admin';
import { E2E_USERS } from '../../../e2e/support/users';

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir });
await ensureAdmin(database.db, { username: config.adminUsername, password: config.adminPassword }, console);
for (const user of Object.values(E2E_USERS)) {
  if (user.role === 'admin') continue;
  await createUser(database.db, { ...user, email: null }, null);
}
await database.close();
