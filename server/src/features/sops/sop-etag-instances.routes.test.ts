import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { createTestContext, signIn, TEST_PASSWORD, TEST_SESSION_SECRET, type TestContext, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs } from '../../test/client';

/**
 * Two app instances over one database, as behind a load balancer: the tag comes from the
 * database, so both hand out the same tag and a write through one moves the tag of the other
 * (seen there within its data freshness: a reading request takes a version read that recently).
 * On PostgreSQL the second instance has its own connection pool; embedded, one process
 * owns the database, so the second instance shares it but keeps its own answer cache.
 */
let t: TestContext;
let second: { app: App; database?: Database };
let author: TestUser;
let secondCookie: string;
let departmentId: number;
/** The second instance's freshness, as in production. */
const FRESH_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestContext();
  second = { app: undefined as unknown as App };
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    url.pathname = `/${result.rows[0].name}`;
    second.database = await openDatabase({ databaseUrl: url.toString() });
  }
  second.app = await buildApp({ db: second.database?.db ?? t.db, sessionSecret: TEST_SESSION_SECRET, dataFreshMs: FRESH_MS });
  author = await t.signedInUser('user');
  secondCookie = await signIn(second.app, author.username, TEST_PASSWORD);
  departmentId = (await buildDepartment(t.db)).id;
  await createSopAs(t, author, { departmentId, title: 'Tender boarding' });
});
afterAll(async () => {
  await second.app.close();
  await second.database?.close();
  await t.close();
});

const onFirst = (url: string, headers: Record<string, string> = {}) => t.as(author, { method: 'GET', url, headers });
const onSecond = (url: string, headers: Record<string, string> = {}) =>
  second.app.inject({ method: 'GET', url, headers: { ...headers, cookie: secondCookie } });

describe('two app instances on one database', () => {
  it('hand out the same tag and honour each other’s tags', async () => {
    const first = await onFirst('/api/sops');
    const other = await onSecond('/api/sops');
    expect(first.headers.etag).toBeDefined();
    expect(other.headers.etag).toBe(first.headers.etag);
    expect(other.body).toBe(first.body);
    expect((await onSecond('/api/sops', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
  });

  it('a write through one instance gives the other a new tag and fresh data', async () => {
    const before = await onSecond('/api/sops');
    const sop = await createSopAs(t, author, { departmentId, title: 'Pilot ladder rigging' });
    await sleep(FRESH_MS + 20);

    const after = await onSecond('/api/sops', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().map((s: { title: string }) => s.title)).toContain('Pilot ladder rigging');
    expect(after.headers.etag).toBe((await onFirst('/api/sops')).headers.etag);

    const detailTag = (await onSecond(`/api/sops/${sop.id}`)).headers.etag as string;
    const rename = await second.app.inject({
      method: 'PUT',
      url: `/api/sops/${sop.id}`,
      headers: { cookie: secondCookie },
      payload: { title: 'Pilot ladder rigging and checks', departmentId, content: 'Rig the ladder' },
    });
    expect(rename.statusCode).toBe(200);
    const detail = await onFirst(`/api/sops/${sop.id}`, { 'if-none-match': detailTag });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().title).toBe('Pilot ladder rigging and checks');
  });
});
