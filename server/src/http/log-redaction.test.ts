import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/database';
import { openRegistration } from '../test/factories';
import { maskValues } from './log-serializers';

/**
 * Logs carry the error, the route and ids; never parameters, bodies, passwords, hashes or
 * file contents. The app logs into a captured stream while a registration fails in the
 * database (a check constraint whose DETAIL quotes the whole row, argon2 hash included).
 */
let database: Database;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ db: database.db, sessionSecret: 'a-test-secret-that-is-long-enough-for-sessions', logger: { level: 'info', stream } });
  await app.ready();
  await openRegistration(database.db);
  // Every new account now fails in the database, as a broken migration or a full disk would.
  await database.db.execute(sql.raw('ALTER TABLE users ADD CONSTRAINT test_refuse_new_users CHECK (id < 0) NOT VALID'));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const SECRET_PASSWORD = 'Very-Secret-Passphrase-42';

describe('a failed registration', () => {
  it('answers 500 and logs the error and route without the password, the hash or any parameter', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/register?token=query-secret-77',
      payload: { username: 'leaky.user', password: SECRET_PASSWORD, email: 'leaky@example.com', firstName: 'Leaky' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on the server. Please try again.', code: 'server_error' });

    const log = lines.join('\n');
    const failure = lines.map((l) => JSON.parse(l)).find((entry) => entry.msg === 'request failed');
    expect(failure, log).toBeDefined();
    // Drizzle's error wraps PostgreSQL's: the cause keeps the SQLSTATE and the names, no values.
    const dbError = failure.err.cause ?? failure.err;
    expect(dbError.code).toBe('23514');
    expect(dbError.db.constraint).toBe('test_refuse_new_users');
    expect(dbError.message).toContain('violates check constraint "test_refuse_new_users"');
    expect(failure.route).toBe('/api/register');
    for (const secret of [SECRET_PASSWORD, '$argon2', 'argon2id', 'leaky.user', 'leaky@example.com', 'Leaky', 'query-secret-77', 'Failing row', 'params:']) {
      expect(log, `the log holds "${secret}"`).not.toContain(secret);
    }
  });

  it('does not log the body of a refused request either', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x', password: SECRET_PASSWORD, extra: 'x'.repeat(10) } });
    expect(res.statusCode).toBe(401);
    expect(lines.join('\n')).not.toContain(SECRET_PASSWORD);
  });
});

describe('maskValues', () => {
  it('keeps the names PostgreSQL quotes and hides the values', () => {
    expect(maskValues('duplicate key value violates unique constraint "users_username_unique"')).toBe(
      'duplicate key value violates unique constraint "users_username_unique"',
    );
    expect(maskValues('invalid input syntax for type integer: "$argon2id$v=19"')).toBe('invalid input syntax for type integer: "…"');
    expect(maskValues('value "2147483648" is out of range for type integer')).toBe('value "…" is out of range for type integer');
    expect(maskValues('relation "users" does not exist')).toBe('relation "users" does not exist');
  });
});
