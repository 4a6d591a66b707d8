import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DailyProgramCruise } from '../../../../common/contracts/daily-programs';
import { auditEvents, dailyPrograms, storedFiles } from '../../db/schema';
import { crewOf } from '../../test/factories';
import { pdfParts, uploadDay } from '../../test/client';
import { corruptStoredFile } from '../../test/stored-files';
import type { FilePart } from '../../test/multipart';

const { t, admin, crew } = await crewOf({ admin: 'admin', crew: 'user' });
let cruises: DailyProgramCruise[];
let separateFiles: FilePart[];

beforeAll(async () => {
  separateFiles = await pdfParts(4, 'sea-day');
  // Sent out of order on purpose: the hierarchy sorts, the upload order only sets the sequence.
  for (const [fields, files] of [
    [{ cruiseCode: 'MS251124', programDate: '2025-11-25', mode: 'combined' }, await pdfParts(1, 'ms-25')],
    [{ cruiseCode: 'AR251120', programDate: '2025-11-22', mode: 'separate' }, separateFiles],
    [{ cruiseCode: 'AR251120', programDate: '2025-11-20', mode: 'combined' }, await pdfParts(1, 'ar-20')],
    [{ cruiseCode: 'MS251124', programDate: '2025-11-24', mode: 'combined' }, await pdfParts(1, 'ms-24')],
  ] as const) {
    const res = await uploadDay(t, admin, fields, [...files]);
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  cruises = (await t.as(crew, { method: 'GET', url: '/api/daily-programs/hierarchy' })).json();
});

const fileOf = (code: string, date: string, seq: number) =>
  cruises
    .find((c) => c.cruiseCode === code)!
    .days.find((d) => d.date === date)!
    .files.find((f) => f.fileSequence === seq)!;

describe('GET /api/daily-programs/hierarchy', () => {
  it('groups cruises by code, days in date order, files in sequence, with the mode of each day', () => {
    expect(cruises.map((c) => [c.cruiseCode, c.days.map((d) => [d.date, d.uploadMode, d.files.map((f) => f.originalName)])])).toEqual([
      [
        'AR251120',
        [
          ['2025-11-20', 'combined', ['ar-20-1.pdf']],
          ['2025-11-22', 'separate', ['sea-day-1.pdf', 'sea-day-2.pdf', 'sea-day-3.pdf', 'sea-day-4.pdf']],
        ],
      ],
      [
        'MS251124',
        [
          ['2025-11-24', 'combined', ['ms-24-1.pdf']],
          ['2025-11-25', 'combined', ['ms-25-1.pdf']],
        ],
      ],
    ]);
  });

  it('gives each file exactly the fields of the contract, without bytes', () => {
    const file = fileOf('AR251120', '2025-11-22', 2);
    expect(Object.keys(file).sort()).toEqual(['createdAt', 'fileLabel', 'fileSequence', 'id', 'originalName', 'size', 'uploader']);
    expect(file).toMatchObject({ fileSequence: 2, fileLabel: 'File 2', size: separateFiles[1].data.length, uploader: { username: admin.username } });
    expect(new Date(file.createdAt).getTime()).not.toBeNaN();
    expect(Object.keys(cruises[0])).toEqual(['cruiseCode', 'ship', 'days']);
    expect(Object.keys(cruises[0].days[0]).sort()).toEqual(['date', 'files', 'uploadMode']);
  });

  it('names the ship beside a cruise whose code names a registered vessel, and no ship otherwise', async () => {
    expect(cruises.map((c) => [c.cruiseCode, c.ship])).toEqual([
      ['AR251120', null],
      ['MS251124', null],
    ]);
    const registered = await t.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code: 'AR', name: 'MV Aurora Radiance' } });
    expect(registered.statusCode).toBe(201);
    const now: DailyProgramCruise[] = (await t.as(crew, { method: 'GET', url: '/api/daily-programs/hierarchy' })).json();
    expect(now.map((c) => [c.cruiseCode, c.ship])).toEqual([
      ['AR251120', { code: 'AR', name: 'MV Aurora Radiance' }],
      ['MS251124', null],
    ]);
  });

  it('is 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/daily-programs/hierarchy' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/daily-programs/{id}/download', () => {
  it('sends the exact bytes as an attachment with the PDF type, to any signed-in user', async () => {
    const file = fileOf('AR251120', '2025-11-22', 3);
    const res = await t.as(crew, { method: 'GET', url: `/api/daily-programs/${file.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sea-day-3.pdf"; filename*=UTF-8''sea-day-3.pdf`);
    expect(Number(res.headers['content-length'])).toBe(separateFiles[2].data.length);
    expect(res.rawPayload.equals(separateFiles[2].data)).toBe(true);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const file = fileOf('AR251120', '2025-11-22', 3);
    const res = await t.as(crew, { method: 'HEAD', url: `/api/daily-programs/${file.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment;');
    expect(Number(res.headers['content-length'])).toBe(separateFiles[2].data.length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('refuses a blob whose checksum no longer matches', async () => {
    const file = fileOf('MS251124', '2025-11-24', 1);
    const [row] = await t.db.select({ sha256: dailyPrograms.sha256 }).from(dailyPrograms).where(eq(dailyPrograms.id, file.id));
    await corruptStoredFile(t.db, row.sha256);
    const res = await t.as(crew, { method: 'GET', url: `/api/daily-programs/${file.id}/download` });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('integrity check');
  });

  it('is 404 with a message for an unknown id and 401 when signed out', async () => {
    const res = await t.as(crew, { method: 'GET', url: '/api/daily-programs/999999/download' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Daily program file not found', error: 'Daily program file not found', code: 'not_found' });
    const file = fileOf('AR251120', '2025-11-20', 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/daily-programs/${file.id}/download` })).statusCode).toBe(401);
  });
});

describe('DELETE /api/daily-programs/{id}', () => {
  const stored = async () => (await t.db.select({ n: count() }).from(dailyPrograms))[0].n;

  it.each(['user', 'approver'] as const)('refuses a %s with 403 and deletes nothing', async (role) => {
    const someone = role === 'user' ? crew : await t.signedInUser(role);
    const file = fileOf('AR251120', '2025-11-20', 1);
    const before = await stored();
    const res = await t.as(someone, { method: 'DELETE', url: `/api/daily-programs/${file.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(res.json().message);
    expect(await stored()).toBe(before);
  });

  it('deletes one file and its blob for an admin, audits it, and leaves the rest of the day in sequence', async () => {
    const file = fileOf('AR251120', '2025-11-22', 2);
    const [row] = await t.db.select({ sha256: dailyPrograms.sha256 }).from(dailyPrograms).where(eq(dailyPrograms.id, file.id));
    const res = await t.as(admin, { method: 'DELETE', url: `/api/daily-programs/${file.id}` });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.sha256, row.sha256))).toHaveLength(0);
    const after: DailyProgramCruise[] = (await t.as(crew, { method: 'GET', url: '/api/daily-programs/hierarchy' })).json();
    const day = after[0].days.find((d) => d.date === '2025-11-22')!;
    expect(day.files.map((f) => f.fileSequence)).toEqual([1, 3, 4]);
    expect(day.uploadMode).toBe('separate');
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'daily_program_deleted'));
    expect(event).toMatchObject({ actorId: admin.id, entityId: file.id, metadata: { name: 'AR251120 2025-11-22', originalName: 'sea-day-2.pdf' } });
  });

  it('drops a day from the hierarchy once its last file is deleted', async () => {
    const file = fileOf('MS251124', '2025-11-25', 1);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/daily-programs/${file.id}` })).statusCode).toBe(204);
    const after: DailyProgramCruise[] = (await t.as(crew, { method: 'GET', url: '/api/daily-programs/hierarchy' })).json();
    expect(after.find((c) => c.cruiseCode === 'MS251124')!.days.map((d) => d.date)).toEqual(['2025-11-24']);
  });

  it('is 404 for an unknown id and 400 for an id that is not a number', async () => {
    const res = await t.as(admin, { method: 'DELETE', url: '/api/daily-programs/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Daily program file not found');
    expect((await t.as(admin, { method: 'DELETE', url: '/api/daily-programs/abc' })).statusCode).toBe(400);
  });
});
