import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type AppSettings, DEFAULT_SETTINGS } from '../../../../common/contracts/settings';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import type { SessionUser } from '../../../../common/contracts/auth';
import { recordAudit } from '../audit/audit.service';
import { fieldChanges } from '../audit/field-changes.service';

const REGISTRATION_OPEN = 'registration_open';
/** The app_settings key of the cookie-signing secret (a backup leaves that row out). */
export const SESSION_SECRET = 'session_secret';

/** Settings as stored, with the defaults for what nobody has set yet. */
export async function readSettings(db: Db): Promise<AppSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, REGISTRATION_OPEN));
  return { registrationOpen: typeof row?.value === 'boolean' ? row.value : DEFAULT_SETTINGS.registrationOpen };
}

export async function updateSettings(db: Db, actor: SessionUser, input: AppSettings): Promise<AppSettings> {
  const changes = fieldChanges({ registrationOpen: 'Self-registration open' }, await readSettings(db), input);
  // Saving the settings as they are changes nothing and is not an event.
  if (changes.length === 0) return readSettings(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ key: REGISTRATION_OPEN, value: input.registrationOpen })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: input.registrationOpen, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: input.registrationOpen ? 'registration_opened' : 'registration_closed',
      entityType: 'settings',
      metadata: { name: 'Self-registration', changes },
    });
  });
  return readSettings(db);
}

/**
 * The cookie-signing secret every instance over one database shares. The first instance
 * to start writes a generated one; the others (even starting at the same moment) read it,
 * because the insert does nothing when the row exists.
 */
export async function sharedSessionSecret(db: Db): Promise<string> {
  const generated = randomBytes(48).toString('base64url');
  await db.insert(appSettings).values({ key: SESSION_SECRET, value: generated }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SESSION_SECRET));
  return String(row.value);
}
