import { eq, sql } from 'drizzle-orm';
import type { AuditVerification } from '../../../../common/contracts/audit';
import { checkChain, runOnClient, runOnDb } from '../../db/audit-chain';
import { type AuditKey, currentAuditKey } from '../../db/audit-key';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

/** The app_settings key holding the last verification's answer, for the Audit Trail card. */
const LAST_VERIFICATION = 'audit_last_verification';

/**
 * The chain checked with `key` (this process's AUDIT_KEY unless given) through a plain `pg`
 * client (a restore, inside its transaction). See checkChain for what breaks it.
 */
export async function verifyChainWith(client: Parameters<typeof runOnClient>[0], key: AuditKey = currentAuditKey()) {
  return checkChain(runOnClient(client), key);
}

/** Verifies the whole trail with this process's AUDIT_KEY and keeps the answer as the last verification. */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  const key = currentAuditKey();
  const verification: AuditVerification = { ...(await checkChain(runOnDb(db), key)), keyFingerprint: key.fingerprint, checkedAt: new Date() };
  const value = { ...verification, checkedAt: verification.checkedAt.toISOString() };
  await db
    .insert(appSettings)
    .values({ key: LAST_VERIFICATION, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
  return verification;
}

/** The last verification's answer, or null when the trail was never verified. */
export async function lastAuditVerification(db: Db): Promise<AuditVerification | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, LAST_VERIFICATION));
  if (!row) return null;
  const stored = row.value as AuditVerification & { checkedAt: string };
  // Answers kept before the chain was keyed name no key.
  return { ...stored, keyFingerprint: stored.keyFingerprint ?? null, checkedAt: new Date(stored.checkedAt) };
}
