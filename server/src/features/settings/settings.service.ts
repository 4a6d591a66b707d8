import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { type AppSettings, DEFAULT_SETTINGS, type UpdateSettingsInput } from '../../../../common/contracts/settings';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import type { SessionUser } from '../../../../common/contracts/auth';
import { recordAudit } from '../audit/audit.service';
import { fieldChanges } from '../audit/field-changes.service';

/** Each setting's app_settings key, its label in the trail, and the events turning it on and off. */
const KEYS = {
  registrationOpen: {
    key: 'registration_open',
    label: 'Self-registration open',
    name: 'Self-registration',
    on: 'registration_opened',
    off: 'registration_closed',
  },
  requireSignatures: {
    key: 'require_signatures',
    label: 'Signatures required',
    name: 'Electronic signatures',
    on: 'signatures_required',
    off: 'signatures_not_required',
  },
} as const satisfies Record<keyof AppSettings, { key: string; label: string; name: string; on: string; off: string }>;
const NAMES = Object.keys(KEYS) as (keyof AppSettings)[];

/** The app_settings key of the cookie-signing secret (a backup leaves that row out). */
export const SESSION_SECRET = 'session_secret';

/** Settings as stored, with the defaults for what nobody has set yet. */
export async function readSettings(db: Db): Promise<AppSettings> {
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(
      inArray(
        appSettings.key,
        NAMES.map((name) => KEYS[name].key),
      ),
    );
  const stored = (name: keyof AppSettings) => rows.find((row) => row.key === KEYS[name].key)?.value;
  return Object.fromEntries(NAMES.map((name) => [name, typeof stored(name) === 'boolean' ? stored(name) : DEFAULT_SETTINGS[name]])) as AppSettings;
}

/** Changes the settings given; one audit event per setting that changed. */
export async function updateSettings(db: Db, actor: SessionUser, input: UpdateSettingsInput): Promise<AppSettings> {
  const before = await readSettings(db);
  await db.transaction(async (tx) => {
    for (const name of NAMES) {
      const value = input[name];
      const changes = fieldChanges({ [name]: KEYS[name].label } as Record<keyof AppSettings, string>, before, { [name]: value });
      // Saving a setting as it is changes nothing and is not an event.
      if (value === undefined || changes.length === 0) continue;
      await tx
        .insert(appSettings)
        .values({ key: KEYS[name].key, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
      await recordAudit(tx, {
        actorId: actor.id,
        action: value ? KEYS[name].on : KEYS[name].off,
        entityType: 'settings',
        metadata: { name: KEYS[name].name, changes },
      });
    }
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
