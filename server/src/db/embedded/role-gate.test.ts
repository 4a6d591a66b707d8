import { describe, expect, it } from 'vitest';
import { changesSessionRole } from './role-gate';

describe('the embedded database role gate', () => {
  it('finds every statement that changes the session role, however it is written', () => {
    for (const sql of [
      'set role postgres',
      'SET ROLE postgres',
      'reset role',
      'set role none',
      'set local role postgres',
      'set session role postgres',
      'SET "role" = postgres',
      'set "ROLE" to postgres',
      'set role to default',
      'set session authorization postgres',
      'SET SESSION SESSION AUTHORIZATION postgres',
      'set local session authorization default',
      'reset session authorization',
      'set session_authorization = postgres',
      'discard all',
      'DISCARD ALL',
      '/* comment */ reset role',
      '/* nested /* comment */ still */ reset role',
      '-- a line\nreset role',
      'select 1; reset role; truncate audit_events',
      "select 'a;b'; set role postgres",
      'select $$;$$; set role postgres',
      'select $tag$ $$ ; $tag$; set role postgres',
      "select E'it\\'s'; set role postgres",
      'select "a;b" from x; set role postgres',
      '\tRESET\n ROLE',
    ]) {
      expect.soft(changesSessionRole(sql), sql).toBe(true);
    }
  });

  it('lets the app’s own statements through', () => {
    for (const sql of [
      'select current_user',
      'update "users" set "role" = $1 where "users"."id" = $2',
      'insert into "users" ("username", "role") values ($1, $2)',
      "select 'set role postgres'",
      'select $$reset role$$',
      "select E'\\'; reset role; --'",
      '-- set role postgres\nselect 1',
      '/* set role postgres */ select 1',
      'set local statement_timeout = 5000',
      'set pg_trgm.similarity_threshold = 0.3',
      'reset all',
      'begin; set transaction isolation level repeatable read',
      'select x$a$ from t; select 1',
      'select "role" from users',
      'show role',
    ]) {
      expect.soft(changesSessionRole(sql), sql).toBe(false);
    }
  });
});
