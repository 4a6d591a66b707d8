import { createHash, createHmac } from 'node:crypto';

/**
 * AUDIT_KEY: the secret the audit chain's HMACs are keyed with (decision 059). It lives in the
 * environment or in DATA_DIR/audit-key, never in the database or a backup; people and answers
 * name it by its fingerprint only.
 */
export interface AuditKey {
  secret: string;
  /** The first 12 hex of SHA-256 of the key: safe to show, to store and to compare. */
  fingerprint: string;
}

/** Shorter keys could be guessed; a generated one has 43 characters. */
export const AUDIT_KEY_MIN_LENGTH = 32;

export function auditKey(secret: string): AuditKey {
  if (secret.length < AUDIT_KEY_MIN_LENGTH) {
    throw new Error(`AUDIT_KEY must have at least ${AUDIT_KEY_MIN_LENGTH} characters (it has ${secret.length}); unset it to have one generated into DATA_DIR.`);
  }
  return { secret, fingerprint: createHash('sha256').update(secret).digest('hex').slice(0, 12) };
}

/** An event's hash: HMAC-SHA256 over the previous event's hash followed by the event's content. */
export function auditHmac(key: AuditKey, previousHash: string, content: string): string {
  return createHmac('sha256', key.secret).update(previousHash).update(content).digest('hex');
}

let processKey: AuditKey | undefined;

/** The key this process appends and verifies with, set once at start (openDatabase's `auditKey`). */
export function setAuditKey(secret: string): AuditKey {
  processKey = auditKey(secret);
  return processKey;
}

export function currentAuditKey(): AuditKey {
  if (!processKey) throw new Error('No audit key is set: open the database with the AUDIT_KEY from the configuration first.');
  return processKey;
}
