import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Itinerary } from '../../../../common/contracts/itineraries';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import { auditEvents, itineraries, storedFiles } from '../../db/schema';
import { crewOf } from '../../test/factories';
import { uploadItineraryFile } from '../../test/client';
import { storeTotals } from '../../test/stored-files';
import { makePdf, makeXlsx } from '../../test/documents';

const { t, admin, crew } = await crewOf({ admin: 'admin', crew: 'user' });
let xlsx: Buffer;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TYPE_MESSAGE = 'Invalid file type: Please upload an Excel or CSV file';

beforeAll(async () => {
  xlsx = await makeXlsx();
});

async function snapshot() {
  const [rows] = await t.db.select({ n: count() }).from(itineraries);
  const blobs = (await storeTotals(t.db)).files;
  const [events] = await t.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.entityType, 'itinerary'));
  return { rows: rows.n, blobs, events: events.n };
}

describe('POST /api/itineraries', () => {
  it('stores a real .xlsx with its real type and uploader, and audits it', async () => {
    const res = await uploadItineraryFile(t, admin, { uploadDate: '2025-11-20' }, { name: 'AR251120 ports.xlsx', data: xlsx });
    expect(res.statusCode).toBe(201);
    const body: Itinerary = res.json();
    expect(body).toMatchObject({
      uploadDate: '2025-11-20',
      originalName: 'AR251120 ports.xlsx',
      mimeType: XLSX_TYPE,
      size: xlsx.length,
      uploadedBy: admin.id,
      uploader: { username: admin.username },
    });
    expect(body.filename).toMatch(/\.xlsx$/);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'itinerary_uploaded'));
    expect(event).toMatchObject({ actorId: admin.id, entityId: body.id, metadata: { name: 'AR251120 ports.xlsx' } });
  });

  it('stores a .csv as text/csv', async () => {
    const csv = Buffer.from('Day,Port,Arrival,Departure\n1,Lisbon,08:00,17:00\n');
    const res = await uploadItineraryFile(t, admin, { uploadDate: '2025-11-24' }, { name: 'ms251124.csv', data: csv });
    expect(res.statusCode).toBe(201);
    expect(res.json().mimeType).toBe('text/csv');
  });

  it('accepts a legacy Excel .xls (OLE2 container)', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const res = await uploadItineraryFile(t, admin, { uploadDate: '2025-11-24' }, { name: 'legacy.xls', data: ole });
    expect(res.statusCode).toBe(201);
    expect(res.json().mimeType).toBe('application/vnd.ms-excel');
  });

  it.each([
    ['a PDF named .xlsx', 'ports.xlsx', async () => makePdf('not a spreadsheet')],
    ['a text file named .xls', 'ports.xls', async () => Buffer.from('Day Port Arrival\n1 Lisbon 08:00\n')],
    ['a workbook named .csv', 'ports.csv', async () => xlsx],
    ['a CSV named .txt', 'ports.txt', async () => Buffer.from('Day,Port\n1,Lisbon\n')],
    ['a real PDF', 'ports.pdf', async () => makePdf('ports')],
  ])('refuses %s with 415 and stores nothing', async (_case, name, bytes) => {
    const before = await snapshot();
    const res = await uploadItineraryFile(t, admin, { uploadDate: '2025-11-20' }, { name, data: await bytes() });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: TYPE_MESSAGE, error: TYPE_MESSAGE, code: 'unsupported_type' });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['missing', {}, 'Date is required'],
    ['empty', { uploadDate: '' }, 'Date is required'],
    ['not YYYY-MM-DD', { uploadDate: '20/11/2025' }, 'Date must be in the form YYYY-MM-DD'],
  ])('refuses a date that is %s with 400', async (_case, fields, message) => {
    const before = await snapshot();
    const res = await uploadItineraryFile(t, admin, fields, { name: 'ports.xlsx', data: xlsx });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, error: message, code: 'validation' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an upload without a file', async () => {
    const res = await uploadItineraryFile(t, admin, { uploadDate: '2025-11-20' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please choose an itinerary file to upload');
  });

  it('refuses a file over 10 MB with 413, storing nothing', async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x41);
    const before = await snapshot();
    const res = await uploadItineraryFile(t, admin, { uploadDate: '2025-11-20' }, { name: 'huge.csv', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(res.json().message);
    expect(await snapshot()).toEqual(before);
  });

  it.each(['user', 'approver'] as const)('refuses a %s with 403 and stores nothing', async (role) => {
    const someone = role === 'user' ? crew : await t.signedInUser(role);
    const before = await snapshot();
    const res = await uploadItineraryFile(t, someone, { uploadDate: '2025-11-20' }, { name: 'ports.xlsx', data: xlsx });
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/itineraries and downloads', () => {
  it('lists newest first for any signed-in user, with the uploader and without bytes', async () => {
    const res = await t.as(crew, { method: 'GET', url: '/api/itineraries' });
    expect(res.statusCode).toBe(200);
    const list: Itinerary[] = res.json();
    expect(list.map((i) => [i.uploadDate, i.originalName])).toEqual([
      ['2025-11-24', 'legacy.xls'],
      ['2025-11-24', 'ms251124.csv'],
      ['2025-11-20', 'AR251120 ports.xlsx'],
    ]);
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'filename', 'id', 'mimeType', 'originalName', 'size', 'uploadDate', 'uploadedBy', 'uploader']);
    expect(list[0].uploader).toEqual({ username: admin.username });
    expect((await t.app.inject({ method: 'GET', url: '/api/itineraries' })).statusCode).toBe(401);
  });

  it('downloads the exact bytes with the stored type as an attachment; HEAD sends only headers', async () => {
    const list: Itinerary[] = (await t.as(crew, { method: 'GET', url: '/api/itineraries' })).json();
    const workbook = list.find((i) => i.originalName.endsWith('.xlsx'))!;
    const res = await t.as(crew, { method: 'GET', url: `/api/itineraries/${workbook.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="AR251120 ports.xlsx"; filename*=UTF-8''AR251120%20ports.xlsx`);
    expect(res.rawPayload.equals(xlsx)).toBe(true);
    const head = await t.as(crew, { method: 'HEAD', url: `/api/itineraries/${workbook.id}/download` });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(xlsx.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('is 404 for an unknown id', async () => {
    const res = await t.as(crew, { method: 'GET', url: '/api/itineraries/999999/download' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Itinerary not found', error: 'Itinerary not found', code: 'not_found' });
  });
});

describe('DELETE /api/itineraries/{id}', () => {
  it.each(['user', 'approver'] as const)('refuses a %s with 403 and deletes nothing', async (role) => {
    const someone = role === 'user' ? crew : await t.signedInUser(role);
    const [first] = await t.db.select().from(itineraries);
    const before = await snapshot();
    const res = await t.as(someone, { method: 'DELETE', url: `/api/itineraries/${first.id}` });
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes the itinerary and its blob for an admin and audits it', async () => {
    const [first] = await t.db.select().from(itineraries).where(eq(itineraries.originalName, 'ms251124.csv'));
    const res = await t.as(admin, { method: 'DELETE', url: `/api/itineraries/${first.id}` });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(itineraries).where(eq(itineraries.id, first.id))).toHaveLength(0);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.sha256, first.sha256))).toHaveLength(0);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'itinerary_deleted'));
    expect(event).toMatchObject({ actorId: admin.id, entityId: first.id, metadata: { name: 'ms251124.csv' } });
  });

  it('is 404 for an unknown id', async () => {
    const res = await t.as(admin, { method: 'DELETE', url: '/api/itineraries/999999' });
    expect(res.statusCode).toBe(404);
  });
});
