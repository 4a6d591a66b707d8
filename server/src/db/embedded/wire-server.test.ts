import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWireProtocol, type WireServer } from './wire-server';

const dir = mkdtempSync(path.join(tmpdir(), 'sop-wire-'));
let pglite: PGlite;
let server: WireServer;
const connect = async () => {
  const client = new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
};

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec('create table marks (id int generated always as identity primary key, note text not null)');
  server = await serveWireProtocol(pglite, path.join(dir, '.s.PGSQL.5432'));
});

afterAll(async () => {
  await server.close();
  await pglite.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (client: pg.Client, note: string) => Number((await client.query('select count(*) from marks where note = $1', [note])).rows[0].count);

/** Connection a inserts a row with this note inside a transaction it leaves open; b starts counting such rows meanwhile. */
async function writeHalfDone(note: string) {
  const a = await connect();
  const b = await connect();
  await a.query('begin');
  await a.query('insert into marks (note) values ($1)', [note]);
  return { a, b, seenByB: count(b, note) };
}

describe('the wire protocol over one PGlite', () => {
  it('another connection waits for an open transaction and then sees its committed rows, never its half', async () => {
    const { a, b, seenByB } = await writeHalfDone('committed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await a.query('insert into marks (note) values ($1)', ['committed']);
    await a.query('commit');
    expect(await seenByB).toBe(2);
    await Promise.all([a.end(), b.end()]);
  });

  it('a connection that drops inside its transaction is rolled back and frees the database', async () => {
    const { a, b, seenByB } = await writeHalfDone('abandoned');
    a.on('error', () => {});
    (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect(await seenByB).toBe(0);
    await b.end();
  });

  it('a pool of several connections runs many transactions at once without a deadlock or a lost row', async () => {
    const pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 4 });
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('insert into marks (note) values ($1)', ['pooled']);
          if (i % 5 === 0) throw new Error('changed my mind');
          await client.query('commit');
        } catch {
          await client.query('rollback');
        } finally {
          client.release();
        }
      }),
    );
    const { rows } = await pool.query('select count(*)::int as n from marks where note = $1', ['pooled']);
    expect(rows[0].n).toBe(16);
    await pool.end();
  });
});
