import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ItineraryTable } from '../../../../common/contracts/itineraries';
import { crewOf, type TestUser } from '../../test/factories';
import { uploadItineraryFile } from '../../test/client';

const { t, admin, crew } = await crewOf({ admin: 'admin', crew: 'user' });
const ids: Record<string, number> = {};

async function upload(name: string, data: Buffer) {
  const res = await uploadItineraryFile(t, admin, { uploadDate: '2026-05-01' }, { name, data });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** A cruise workbook: the ports sheet with real date and time cells and gaps, and a 2,001-row log. */
async function cruiseWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ports = workbook.addWorksheet('Ports');
  ports.addRow(['Date', 'Port', 'Arrival', 'Departure', 'Notes']);
  ports.addRow([new Date(Date.UTC(2026, 4, 1)), 'Lisbon', null, new Date(Date.UTC(1899, 11, 30, 17, 30)), 'Embarkation']);
  ports.addRow([new Date(Date.UTC(2026, 4, 2)), 'At sea', null, null, null]);
  ports.addRow([new Date(Date.UTC(2026, 4, 3)), 'Cádiz, Spain', new Date(Date.UTC(1899, 11, 30, 8, 0)), new Date(Date.UTC(1899, 11, 30, 18, 0)), 'Tender "A"']);
  ports.getColumn(1).numFmt = 'yyyy-mm-dd';
  ports.getColumn(3).numFmt = 'hh:mm';
  ports.getColumn(4).numFmt = 'hh:mm';
  const log = workbook.addWorksheet('Log');
  log.addRow(['Entry', 'Reading']);
  for (let i = 1; i <= 2001; i++) log.addRow([i, i * 1.5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

beforeAll(async () => {
  ids.xlsx = await upload('cruise.xlsx', await cruiseWorkbook());
  ids.csv = await upload(
    'ports.csv',
    Buffer.from('\uFEFFDay,Port,Arrival,Departure\r\n1,Lisbon,,17:00\r\n2,"Cádiz, Spain",08:00,18:00\r\n3,"Tender ""A""",2026-05-03,\r\n'),
  );
  ids.xls = await upload('legacy.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]));
});

const table = (id: number | string, as: TestUser | null = crew) => t.as(as, { method: 'GET', url: `/api/itineraries/${id}/table` });

describe('GET /api/itineraries/{id}/table', () => {
  it('reads every sheet of an .xlsx: columns from the first row, dates as ISO text, empty cells null', async () => {
    const res = await table(ids.xlsx);
    expect(res.statusCode).toBe(200);
    const { sheets } = res.json() as ItineraryTable;
    expect(sheets.map((s) => s.name)).toEqual(['Ports', 'Log']);
    const [ports] = sheets;
    expect(ports.columns).toEqual(['Date', 'Port', 'Arrival', 'Departure', 'Notes']);
    expect(ports.truncated).toBe(false);
    expect(ports.rows).toEqual([
      ['2026-05-01T00:00:00.000Z', 'Lisbon', null, '1899-12-30T17:30:00.000Z', 'Embarkation'],
      ['2026-05-02T00:00:00.000Z', 'At sea', null, null, null],
      ['2026-05-03T00:00:00.000Z', 'Cádiz, Spain', '1899-12-30T08:00:00.000Z', '1899-12-30T18:00:00.000Z', 'Tender "A"'],
    ]);
  });

  it('caps a sheet at 2,000 rows and says it was truncated', async () => {
    const { sheets } = (await table(ids.xlsx)).json() as ItineraryTable;
    const log = sheets[1];
    expect(log.columns).toEqual(['Entry', 'Reading']);
    expect(log.rows).toHaveLength(2000);
    expect(log.rows[0]).toEqual([1, 1.5]);
    expect(log.rows[1999]).toEqual([2000, 3000]);
    expect(log.truncated).toBe(true);
  });

  it('reads a .csv: quoted commas and quotes, numbers as numbers, empty fields null, no BOM in the first column', async () => {
    const res = await table(ids.csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sheets: [
        {
          name: 'Sheet1',
          columns: ['Day', 'Port', 'Arrival', 'Departure'],
          rows: [
            [1, 'Lisbon', null, '17:00'],
            [2, 'Cádiz, Spain', '08:00', '18:00'],
            [3, 'Tender "A"', '2026-05-03', null],
          ],
          truncated: false,
        },
      ],
    });
  });

  it('is 422 with the sentence for an .xls (which still downloads)', async () => {
    const res = await table(ids.xls);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Preview not available for .xls files', code: 'preview_unavailable' });
    expect((await t.as(crew, { method: 'GET', url: `/api/itineraries/${ids.xls}/download` })).statusCode).toBe(200);
  });

  it('is 404 unknown, 400 for a bad id and 401 signed out', async () => {
    expect((await table(999_999)).statusCode).toBe(404);
    expect((await table('abc')).statusCode).toBe(400);
    expect((await table('1e3')).statusCode).toBe(400);
    expect((await table(ids.csv, null)).statusCode).toBe(401);
  });

  it('is 422, not 500, for an .xlsx that is a broken zip', async () => {
    const broken = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('xl/worksheets/sheet1.xml'), Buffer.alloc(300, 7)]);
    const id = await upload('broken.xlsx', broken);
    const res = await table(id, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('unreadable_document');
  });

  it('reads a file once for a whole crew: at once, after, under two uploads and at a new data version, one worker task', async () => {
    const bytes = Buffer.from('Day,Port\r\n1,Valletta\r\n2,Palermo\r\n');
    const first = await upload('once.csv', bytes);
    const again = await upload('once-again.csv', bytes);
    const run = vi.spyOn(t.app.documentWorkers, 'run');
    try {
      const atOnce = await Promise.all([table(first), table(first), table(first, admin), table(again)]);
      const after = [await table(first), await table(again)];
      const answers = [...atOnce, ...after];
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect((res.json() as ItineraryTable).sheets[0].rows).toEqual([
          [1, 'Valletta'],
          [2, 'Palermo'],
        ]);
      }
      expect(run).toHaveBeenCalledTimes(1);
      // A versioned answer: a client holding it is told it still stands.
      const held = await t.as(crew, { method: 'GET', url: `/api/itineraries/${first}/table`, headers: { 'if-none-match': String(after[0].headers.etag) } });
      expect(held.statusCode).toBe(304);
      // A file that could not be read is not kept: each request says why again.
      const broken = await upload(
        'broken-twice.xlsx',
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('xl/worksheets/sheet1.xml'), Buffer.alloc(300, 9)]),
      );
      expect((await table(broken)).statusCode).toBe(422);
      expect((await table(broken)).statusCode).toBe(422);
      // Those uploads moved the data version: the table is sent again from the reading kept.
      expect((await table(first)).json()).toEqual(answers[0].json());
      expect(run).toHaveBeenCalledTimes(3);
    } finally {
      run.mockRestore();
    }
  });
});
