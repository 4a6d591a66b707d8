import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * One statement on the database of the journeys' server at `baseURL`, for what no screen or call
 * can do, such as letting time pass. scripts/e2e-server.sh keeps its data in
 * TMPDIR/sop-e2e-<port>/data; the server owns the embedded database there and serves it on the
 * unix socket its `database.lock` names, as it does for seeds and backups.
 */
export async function onServerDatabase<Row extends object>(baseURL: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const port = new URL(baseURL).port;
  const dataDir = path.join(process.env.TMPDIR ?? '/tmp', `sop-e2e-${port}`, 'data');
  const { socketPath } = JSON.parse(readFileSync(path.join(dataDir, 'database.lock'), 'utf8')) as { socketPath: string };
  const client = new pg.Client({ host: path.dirname(socketPath), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
