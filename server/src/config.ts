import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { BackupSchedule } from './features/backups/scheduled-backups.service';
import type { MailConfig } from './features/mail/mailer.service';
import { PRIVATE_UMASK } from './files/private-folders';
import { type OidcConfig, oidcConfigFrom } from './features/auth/oidc-client.service';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /** PostgreSQL: the owner's URL for migrations (MIGRATION_DATABASE_URL); DATABASE_URL then names the app's restricted role. */
  migrationUrl?: string;
  dataDir: string;
  /** Stored files go here instead of DATA_DIR/files (embedded) or the database (PostgreSQL). */
  fileDir?: string;
  /** Where `npm run backup -- NAME` writes a backup named without a folder (BACKUP_DIR). */
  backupDir?: string;
  /** With BACKUP_DIR: the server backs up by itself every BACKUP_EVERY_HOURS, keeping BACKUP_KEEP files. */
  backups?: BackupSchedule;
  /** With SMTP_URL: the server sends e-mail (MAIL_FROM is its sender). */
  mail?: MailConfig;
  /** PUBLIC_URL: the address people reach the server by, for links in e-mail. */
  publicUrl?: string;
  /** With OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: sign-in through the company's identity provider. */
  oidc?: OidcConfig;
  adminUsername: string;
  adminPassword?: string;
  /** From SESSION_SECRET; else, embedded, a generated one kept in DATA_DIR; else (PostgreSQL) read from the database at start. */
  sessionSecret?: string;
  /** The audit chain's HMAC key: AUDIT_KEY, else one generated into DATA_DIR/audit-key. Never in the database or a backup. */
  auditKey: string;
  /** True when this start generated the audit key, so it can say to keep a copy. */
  auditKeyGenerated: boolean;
  /** How many reverse proxies sit in front of the app (0: none). */
  trustProxy: number;
  clientDir: string;
  /** Document jobs at once, each in its own worker process. */
  jobConcurrency: number;
  /** Resident memory one document worker may use before it is stopped. */
  documentMemoryMb: number;
  /** Seconds one document may take before its worker is stopped. */
  documentTimeLimitSeconds: number;
}

/**
 * Reads the environment once at start; see the README's configuration table. Every program
 * that reads it (server, backup, restore, seeds) from then on creates its folders and files
 * readable by its own user only.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  process.umask(PRIVATE_UMASK);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const backupDir = env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined;
  assertMailLinks(env);
  return {
    port: Number(env.PORT ?? 5000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    migrationUrl: (env.DATABASE_URL && env.MIGRATION_DATABASE_URL) || undefined,
    dataDir,
    fileDir: env.FILE_DIR ? path.resolve(env.FILE_DIR) : undefined,
    backupDir,
    backups: backupDir ? { dir: backupDir, everyHours: positive(env.BACKUP_EVERY_HOURS, 24), keep: Math.floor(positive(env.BACKUP_KEEP, 14)) } : undefined,
    mail: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM || 'SOP Harbor <sop-harbor@localhost>' } : undefined,
    publicUrl: publicUrl(env.PUBLIC_URL),
    oidc: oidcConfigFrom(env),
    adminUsername: env.ADMIN_USERNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionSecret: env.SESSION_SECRET || (env.DATABASE_URL ? undefined : persistedSecret(dataDir)),
    ...auditKeyFrom(env, dataDir),
    trustProxy: proxyHops(env.TRUST_PROXY),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    // One core stays free for answering requests: 1 job at a time on a 2-core machine.
    jobConcurrency: positive(env.JOB_CONCURRENCY, Math.min(2, Math.max(1, availableParallelism() - 1))),
    documentMemoryMb: positive(env.DOCUMENT_MEMORY_MB, 768),
    documentTimeLimitSeconds: positive(env.DOCUMENT_TIME_LIMIT_S, 30),
  };
}

export const MAIL_NEEDS_PUBLIC_URL =
  'SMTP_URL is set but PUBLIC_URL is not. Set PUBLIC_URL to the address people reach SOP Harbor by (for example https://sop.example.com): the links in e-mail use it and nothing else. A ship (VESSEL set) sends no mail and is exempt.';

/** Links in mail come from PUBLIC_URL only, so an office that sends mail must say it (a ship sends none). */
export function assertMailLinks(env: NodeJS.ProcessEnv): void {
  if (env.SMTP_URL && !env.PUBLIC_URL?.trim() && !env.VESSEL?.trim()) throw new Error(MAIL_NEEDS_PUBLIC_URL);
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** PUBLIC_URL as an origin and path prefix (https://sop.example.com or https://example.com/sop), no trailing slash. */
export function publicUrl(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be an http or https address such as https://sop.example.com; got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must start with http:// or https://; got "${value}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A generated secret kept in DATA_DIR, so sessions survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  return renewPersistedSecret(dataDir);
}

/**
 * AUDIT_KEY, else the one kept in DATA_DIR/audit-key, generated at the first start. Unlike the
 * session secret it is never kept in the database (with PostgreSQL too): whoever could edit the
 * rows could then re-chain them. Instances over one PostgreSQL must all be given the same AUDIT_KEY.
 */
function auditKeyFrom(env: NodeJS.ProcessEnv, dataDir: string): Pick<Config, 'auditKey' | 'auditKeyGenerated'> {
  if (env.AUDIT_KEY) return { auditKey: env.AUDIT_KEY, auditKeyGenerated: false };
  const file = path.join(dataDir, 'audit-key');
  if (existsSync(file)) return { auditKey: readFileSync(file, 'utf8').trim(), auditKeyGenerated: false };
  const auditKey = randomBytes(32).toString('base64url');
  // 'wx': two programs starting at once must not each write a key; the second reads the first's.
  try {
    writeFileSync(file, `${auditKey}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { auditKey: readFileSync(file, 'utf8').trim(), auditKeyGenerated: false };
  }
  return { auditKey, auditKeyGenerated: true };
}

/** A new secret in DATA_DIR (after a restore): cookies signed with the old one stop working at the next start. */
export function renewPersistedSecret(dataDir: string): string {
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path.join(dataDir, 'session-secret'), secret, { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY is the number of proxies in front of the app. The client address is then the
 * one the outermost trusted proxy saw: X-Forwarded-For entries a client adds itself are
 * ignored. `true` means one proxy (what it meant before it took a number).
 */
export function proxyHops(value: string | undefined): number {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false') return 0;
  if (text === 'true') return 1;
  const hops = Number(text);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`TRUST_PROXY must be a number of proxies (0-10), true or false; got "${value}"`);
  }
  return hops;
}
