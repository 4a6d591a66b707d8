import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { crewOf, type TestUser, buildDepartment, buildSop } from '../../test/factories';
import { createSopAs, submitSopAs, listSops } from '../../test/client';

// The reader reads other people's drafts and superseded versions: an approver may (a plain user
// sees only the version in force; sop-visibility.routes.test.ts).
const { t, owner, approver, reader } = await crewOf({
  owner: { role: 'user', firstName: 'Ana', lastName: 'Silva' },
  approver: { role: 'approver', firstName: 'Bruno', lastName: 'Costa' },
  reader: 'approver',
});
let marine: { id: number };
let deck: { id: number };
let hotel: { id: number };

beforeAll(async () => {
  marine = await buildDepartment(t.db, 'Marine');
  deck = await buildDepartment(t.db, 'Deck', marine.id);
  hotel = await buildDepartment(t.db, 'Hotel');
  await createSopAs(t, owner, { title: 'Lifeboat Launching Drill', departmentId: deck.id, content: 'Muster the crew, then lower the boat.' });
  // Commas, quotes and a line break: each must survive the round trip.
  await createSopAs(t, owner, { title: 'Galley "Deep" Clean, Weekly', departmentId: hotel.id, summary: 'Ovens', content: 'Degrease.' });
  const submitted = await createSopAs(t, owner, { title: 'Cabin Turnover', departmentId: hotel.id, content: 'Strip the beds.' });
  await submitSopAs(t, owner, submitted.id);
  const { task } = await buildSop(t.db, { departmentId: deck.id, ownerId: owner.id, title: 'Mooring Lines' });
  const decided = await t.as(approver, { method: 'PUT', url: `/api/approvals/${task!.id}`, payload: { status: 'approved' } });
  expect(decided.statusCode).toBe(200);
});

const exportCsv = (query = '', as: TestUser | null = reader) => t.as(as, { method: 'GET', url: `/api/sops/export.csv${query}` });
const records = (body: string): string[][] => parse(body.replace(/^\uFEFF/, ''), { relax_column_count: false });
const list = (query = '') => listSops(t, reader, query);

describe('GET /api/sops/export.csv', () => {
  it('is UTF-8 CSV with a BOM and CRLF line ends, named as a download', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sop-register-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFTitle,Department,Division,Status,Version,Version in force,Revision class,Approved at,Approved by,Owner,Next review due,Last edited',
    );
    expect(res.body.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it.each(['', '?status=draft', `?departmentId=MARINE`, '?search=lifeboat', '?status=published', '?review=overdue'])(
    'has one row per SOP the list shows, in its order (%s)',
    async (query) => {
      const q = query.replace('MARINE', String(marine.id));
      const rows = records((await exportCsv(q)).body).slice(1);
      const listed = await list(q);
      expect(rows.map((r) => r[0])).toEqual(listed.map((s) => s.title));
      expect(rows.map((r) => r[3])).toEqual(listed.map((s) => s.status));
      expect(rows.map((r) => r[4])).toEqual(listed.map((s) => s.latestVersion?.versionNumber ?? ''));
    },
  );

  it('filters to SOPs without an approved version, as the list does', async () => {
    const rows = records((await exportCsv('?noApprovedVersion=true')).body).slice(1);
    const expected = (await list()).filter((s) => !s.hasPublishedVersion).map((s) => s.title);
    expect(rows.map((r) => r[0])).toEqual(expected);
    expect(expected).not.toContain('Mooring Lines');
    expect(expected.length).toBe(3);
    expect((await list('?noApprovedVersion=true')).map((s) => s.title)).toEqual(expected);
    expect((await exportCsv('?noApprovedVersion=yes')).statusCode).toBe(400);
  });

  it('filters by division (its departments too), and the rows say department, division, version in force and approver', async () => {
    const [header, ...rows] = records((await exportCsv(`?departmentId=${marine.id}`)).body);
    expect(rows.map((r) => r[0]).sort()).toEqual(['Lifeboat Launching Drill', 'Mooring Lines']);
    const mooring = Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[0] === 'Mooring Lines')![i]]));
    expect(mooring).toMatchObject({
      Department: 'Deck',
      Division: 'Marine',
      Status: 'published',
      Version: '1.0',
      'Version in force': '1.0',
      'Approved by': 'Bruno Costa',
      Owner: 'Ana Silva',
    });
    expect(mooring['Approved at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(mooring['Last edited']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const drill = rows.find((r) => r[0] === 'Lifeboat Launching Drill')!;
    expect(drill.slice(5, 8)).toEqual(['', '', '']);
  });

  it('quotes commas, quotes and line breaks so they round-trip', async () => {
    const res = await exportCsv('?search=galley');
    expect(res.body).toContain('"Galley ""Deep"" Clean, Weekly"');
    expect(records(res.body)[1][0]).toBe('Galley "Deep" Clean, Weekly');
  });

  it('refuses bad filters with 400 and a signed-out caller with 401', async () => {
    expect((await exportCsv('?status=bogus')).statusCode).toBe(400);
    expect((await exportCsv('?departmentId=-4')).statusCode).toBe(400);
    expect((await exportCsv(`?search=${'x'.repeat(300)}`)).statusCode).toBe(400);
    expect((await exportCsv('?search=%00')).statusCode).toBe(400);
    expect((await exportCsv('', null)).statusCode).toBe(401);
  });
});
