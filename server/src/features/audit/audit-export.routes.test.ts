import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, AuditFacets } from '../../../../common/contracts/audit';
import { buildAuditEvents, crewOf, type TestUser } from '../../test/factories';

const { t, admin, clerk } = await crewOf({ admin: { role: 'admin', firstName: 'Ada', lastName: 'Lovelace' }, clerk: 'user' });
const base = Date.UTC(2026, 0, 10, 12);

beforeAll(async () => {
  for (let i = 1; i <= 6; i++) {
    await buildAuditEvents(t.db, {
      actorId: i % 2 ? admin.id : clerk.id,
      action: i % 3 ? 'sop_created' : 'department_created',
      entityType: i % 3 ? 'sop' : 'department',
      entityId: i,
      metadata: i % 3 ? { title: `Procedure, "${i}"`, note: 'two\nlines' } : { name: `Dept ${i}` },
      createdAt: new Date(base + i * 60_000),
    });
  }
});

const exportCsv = (query = '', as: TestUser | null = admin) => t.as(as, { method: 'GET', url: `/api/audit/export.csv${query}` });
const rowsOf = (body: string): string[][] => parse(body.replace(/^\uFEFF/, '')).slice(1);
const screen = async (query: string): Promise<AuditEvent[]> => (await t.as(admin, { method: 'GET', url: `/api/audit?limit=100${query}` })).json();

describe('GET /api/audit/export.csv', () => {
  it('is a CSV download with a BOM, CRLF and quoted fields', async () => {
    const res = await exportCsv(`?from=${new Date(base).toISOString()}&to=${new Date(base + 3_600_000).toISOString()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFFTime (UTC),Actor,Action,Entity type,Entity id,Name,Details\r\n')).toBe(true);
    expect(res.body).toContain('"Procedure, ""5"""');
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual([
      new Date(base + 6 * 60_000).toISOString(),
      `${clerk.firstName} ${clerk.lastName}`,
      'department_created',
      'department',
      '6',
      'Dept 6',
      '',
    ]);
    expect(rows[1]).toEqual([new Date(base + 5 * 60_000).toISOString(), 'Ada Lovelace', 'sop_created', 'sop', '5', 'Procedure, "5"', '{"note":"two\\nlines"}']);
  });

  it.each([
    ['action', '&action=sop_created'],
    ['entity type', '&entityType=department'],
    ['actor', '&actorId=ADMIN'],
    ['date range', `&from=${new Date(base + 2 * 60_000).toISOString()}&to=${new Date(base + 4 * 60_000).toISOString()}`],
  ])('filters by %s exactly as the screen does', async (_name, filter) => {
    const query = filter.replace('ADMIN', String(admin.id));
    const rows = rowsOf((await exportCsv(`?${query.slice(1)}`)).body);
    const events = await screen(query);
    expect(rows.map((r) => [r[2], r[3], r[4]])).toEqual(events.map((e) => [e.action, e.entityType, String(e.entityId ?? '')]));
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(['approver', 'user'] as const)('is 403 for a %s, and 401 signed out', async (role) => {
    const someone = await t.signedInUser(role);
    expect((await exportCsv('', someone)).statusCode).toBe(403);
    expect((await exportCsv('', null)).statusCode).toBe(401);
  });

  it('refuses bad filters with 400', async () => {
    expect((await exportCsv('?from=yesterday')).statusCode).toBe(400);
    expect((await exportCsv('?from=2026-02-01&to=2026-01-01')).json().message).toContain('from must not be after to');
    expect((await exportCsv('?actorId=abc')).statusCode).toBe(400);
    expect((await exportCsv(`?action=${'a'.repeat(100)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/audit/facets', () => {
  it('lists the actions and entity types in the trail, for admins only', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/audit/facets' });
    expect(res.statusCode).toBe(200);
    const facets = res.json() as AuditFacets;
    expect(facets.actions).toEqual(expect.arrayContaining(['sop_created', 'department_created']));
    expect(facets.entityTypes).toEqual(expect.arrayContaining(['sop', 'department']));
    expect((await t.as(clerk, { method: 'GET', url: '/api/audit/facets' })).statusCode).toBe(403);
  });
});
