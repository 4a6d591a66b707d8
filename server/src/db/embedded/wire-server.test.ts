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

  it('answers parameterised statements from several connections each with its own rows, and a failed one leaves its connection usable', async () => {
    const pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 4 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        if (i % 7 === 0) {
          // Parse and Bind succeed, Execute fails: the rest of its messages up to Sync are skipped.
          const failed = await pool.query('select 1 / $1::int as n', [0]).catch((err: Error) => err.message);
          return failed;
        }
        return (await pool.query('select $1::int * 2 as n, $2::text as tag', [i, `q${i}`])).rows[0];
      }),
    );
    answers.forEach((answer, i) => {
      expect(answer).toEqual(i % 7 === 0 ? 'division by zero' : { n: i * 2, tag: `q${i}` });
    });
    await pool.end();
  });

  it('waits for the rest of an extended query that arrives in two pieces, while another connection waits its turn', async () => {
    const { connect: open } = await import('node:net');
    const socket = open(path.join(dir, '.s.PGSQL.5432'));
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    await new Promise((resolve) => socket.once('connect', resolve));
    const message = (type: string, body: Buffer) => {
      const head = Buffer.alloc(5);
      head.write(type, 0);
      head.writeInt32BE(4 + body.length, 1);
      return Buffer.concat([head, body]);
    };
    const cstr = (text: string) => Buffer.from(`${text}\0`);
    const startup = Buffer.concat([Buffer.alloc(8), cstr('user'), cstr('postgres'), cstr('database'), cstr('postgres'), Buffer.from([0])]);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196608, 4);
    socket.write(startup);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Parse, Bind and Execute now; Sync only later.
    const bind = Buffer.concat([cstr(''), cstr(''), Buffer.from([0, 0, 0, 0, 0, 0])]);
    const execute = Buffer.concat([cstr(''), Buffer.alloc(4)]);
    const other = await connect();
    socket.write(
      Buffer.concat([
        message('P', Buffer.concat([cstr(''), cstr("insert into marks (note) values ('split') returning id"), Buffer.alloc(2)])),
        message('B', bind),
        message('E', execute),
      ]),
    );
    const counted = count(other, 'split');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(message('S', Buffer.alloc(0)));
    // The other connection counted after the whole unit, never inside it.
    expect(await counted).toBe(1);
    const text = Buffer.concat(received).toString('latin1');
    expect(text).toContain('INSERT 0 1');
    socket.end(message('X', Buffer.alloc(0)));
    await other.end();
  });

  it("runs the server's own statement only between clients' units, never inside a transaction", async () => {
    const { a, b, seenByB } = await writeHalfDone('own');
    let ran = false;
    const own = server.runBetweenUnits("insert into marks (note) values ('server')").then(() => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toBe(false);
    await a.query('rollback');
    await own;
    expect(ran).toBe(true);
    expect(await seenByB).toBe(0);
    // Its row was not rolled back with the client's transaction.
    expect(await count(b, 'server')).toBe(1);
    await Promise.all([a.end(), b.end()]);
  });
});
