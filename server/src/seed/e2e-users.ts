/**
 * The accounts and departments the browser journeys start with (e2e/support/users.ts), in a fresh data dir.
 * Not for production data: the passwords are in the repository.
 */
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { createUser } from '../features/auth/auth.service';
import { ensureAdmin } from '../features/auth/bootstrap-admin.service';
import { departments } from '../db/schema';
import { E2E_DEPARTMENTS, E2E_USERS } from '../../../e2e/support/users';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await ensureAdmin(database.db, { username: config.adminUsername, password: config.adminPassword }, console);
for (const user of Object.values(E2E_USERS)) {
  if (user.role === 'admin') continue;
  await createUser(database.db, { ...user, email: null }, null);
}
for (const division of E2E_DEPARTMENTS) {
  const [parent] = await database.db.insert(departments).values({ name: division.name }).returning({ id: departments.id });
  for (const name of division.children) await database.db.insert(departments).values({ name, parentId: parent.id });
}
await database.close();
