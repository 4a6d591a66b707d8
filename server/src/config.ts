import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  adminUsername: string;
  adminPassword?: string;
  sessionSecret: string;
  trustProxy: boolean;
  clientDir: string;
}

/** Reads the environment once at start; see the README's configuration table. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 5000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    adminUsername: env.ADMIN_USERNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionSecret: env.SESSION_SECRET || persistedSecret(dataDir),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
  };
}

/** A generated secret kept in DATA_DIR, so sessions survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
