import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { type AppSettings, DEFAULT_SETTINGS, type SettingsChange } from '../../../../common/contracts/settings';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import type { SessionUser } from '../../../../common/contracts/auth';
import { recordAudit } from '../audit/audit.service';
import { fieldChanges } from '../audit/field-changes.service';

/** Where each setting is kept in app_settings, what the audit trail calls it, and the actions it records. */
const SETTINGS = {
  registrationOpen: {
    key: 'registration_open',
    label: 'Self-registration open',
    name: 'Self-registration',
    on: 'registration_opened',
    off: 'registration_closed',
  },
  ssoCreatesAccounts: {
    key: 'sso_creates_accounts',
    label: 'Accounts for new people at single sign-on',
    name: 'Single sign-on',
    on: 'sso_accounts_allowed',
    off: 'sso_accounts_refused',
  },
  requireSignatures: {
    key: 'require_signatures',
    label: 'Signatures required',
    name: 'Electronic signatures',
    on: 'signatures_required',
    off: 'signatures_not_required',
  },
} as const satisfies Record<keyof AppSettings, { key: string; label: string; name: string; on: string; off: string }>;
const NAMES = Object.keys(SETTINGS) as (keyof AppSettings)[];
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
        NAMES.map((name) => SETTINGS[name].key),
      ),
    );
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const settings = { ...DEFAULT_SETTINGS };
  for (const name of NAMES) {
    const value = stored.get(SETTINGS[name].key);
    if (typeof value === 'boolean') settings[name] = value;
  }
  return settings;
}

/** Changes the settings named; each one that really changes is written and recorded as its own event. */
export async function updateSettings(db: Db, actor: SessionUser, change: SettingsChange): Promise<AppSettings> {
  const before = await readSettings(db);
  const changed = NAMES.filter((name) => change[name] !== undefined && change[name] !== before[name]);
  // Saving the settings as they are changes nothing and is not an event.
  if (changed.length === 0) return before;
  await db.transaction(async (tx) => {
    for (const name of changed) {
      const { key, label, name: settingName, on, off } = SETTINGS[name];
      const value = change[name] as boolean;
      await tx
        .insert(appSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
      await recordAudit(tx, {
        actorId: actor.id,
        action: value ? on : off,
        entityType: 'settings',
        metadata: { name: settingName, changes: fieldChanges({ [name]: label }, before, { [name]: value }) },
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
