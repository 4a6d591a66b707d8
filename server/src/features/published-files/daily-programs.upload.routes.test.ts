import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import { auditEvents, dailyPrograms } from '../../db/schema';
import { crewOf } from '../../test/factories';
import { pdfParts, uploadDay } from '../../test/client';
import { storeTotals } from '../../test/stored-files';

const { t, admin } = await crewOf({ admin: 'admin' });
beforeEach(async () => {
  await t.db.delete(dailyPrograms);
});

const day = { cruiseCode: 'AR250928', programDate: '2025-09-28' };

/** Rows and blobs stored, and audit events about daily programs: a refusal changes none. */
async function snapshot() {
  const [programs] = await t.db.select({ n: count() }).from(dailyPrograms);
  const blobs = (await storeTotals(t.db)).files;
  const [events] = await t.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.entityType, 'daily_program'));
  return { programs: programs.n, blobs, events: events.n };
}

async function expectRefused(res: { statusCode: number; json(): unknown }, status: number, message: string, before: Awaited<ReturnType<typeof snapshot>>) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message, error: message, code: status === 415 ? 'unsupported_type' : status === 413 ? 'too_large' : 'validation' });
  expect(await snapshot()).toEqual(before);
}

describe('POST /api/daily-programs/batch', () => {
  it('stores a combined day as one PDF with sequence 1 and no label, and audits it', async () => {
    const res = await uploadDay(t, admin, { ...day, mode: 'combined' }, await pdfParts(1, 'full-day'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ cruiseCode: 'AR250928', date: '2025-09-28', uploadMode: 'combined', replaced: 0 });
    expect(body.files).toHaveLength(1);
    expect(body.files[0]).toMatchObject({ fileSequence: 1, fileLabel: null, originalName: 'full-day-1.pdf', uploader: { username: admin.username } });
    const [row] = await t.db.select().from(dailyPrograms);
    expect(row.mimeType).toBe('application/pdf');
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'daily_program_uploaded'));
    expect(event).toMatchObject({ actorId: admin.id, entityType: 'daily_program' });
    expect(event.metadata).toMatchObject({ name: 'AR250928 2025-09-28' });
  });

  it('stores a separate day as four files numbered 1-4 in the order sent', async () => {
    const files = await pdfParts(4, 'deck');
    files.reverse();
    const res = await uploadDay(t, admin, { ...day, mode: 'separate' }, files);
    expect(res.statusCode).toBe(201);
    const stored = res.json().files as { fileSequence: number; fileLabel: string; originalName: string; size: number }[];
    expect(stored.map((f) => [f.fileSequence, f.fileLabel, f.originalName])).toEqual([
      [1, 'File 1', 'deck-4.pdf'],
      [2, 'File 2', 'deck-3.pdf'],
      [3, 'File 3', 'deck-2.pdf'],
      [4, 'File 4', 'deck-1.pdf'],
    ]);
    expect(stored.map((f) => f.size)).toEqual(files.map((f) => f.data.length));
    expect(res.json().uploadMode).toBe('separate');
  });

  it('stores cruise codes upper-case so one cruise is never split in two', async () => {
    const res = await uploadDay(t, admin, { ...day, cruiseCode: 'ar250928', mode: 'combined' }, await pdfParts(1));
    expect(res.statusCode).toBe(201);
    expect(res.json().cruiseCode).toBe('AR250928');
  });

  it.each([
    ['combined', 0, 'Invalid file count: Please select exactly 1 PDF file(s) for combined mode'],
    ['combined', 2, 'Invalid file count: Please select exactly 1 PDF file(s) for combined mode'],
    ['separate', 0, 'Invalid file count: Please select exactly 4 PDF file(s) for separate mode'],
    ['separate', 2, 'Invalid file count: Please select exactly 4 PDF file(s) for separate mode'],
    ['separate', 3, 'Invalid file count: Please select exactly 4 PDF file(s) for separate mode'],
    ['separate', 5, 'Invalid file count: Please select exactly 4 PDF file(s) for separate mode'],
  ])('refuses %s mode with %i files and stores nothing', async (mode, n, message) => {
    const before = await snapshot();
    await expectRefused(await uploadDay(t, admin, { ...day, mode }, await pdfParts(n)), 400, message, before);
  });

  it('refuses a text file named .pdf, by its content', async () => {
    const before = await snapshot();
    const fake = { name: 'program.pdf', data: Buffer.from('Welcome aboard! 08:00 Breakfast'), type: 'application/pdf' };
    await expectRefused(await uploadDay(t, admin, { ...day, mode: 'combined' }, [fake]), 415, 'Invalid file type: All files must be PDF format', before);
  });

  it('refuses a whole separate day when one of its four files is not a PDF', async () => {
    const files = await pdfParts(4);
    files[2] = { name: 'notes.pdf', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]) };
    const before = await snapshot();
    await expectRefused(await uploadDay(t, admin, { ...day, mode: 'separate' }, files), 415, 'Invalid file type: All files must be PDF format', before);
  });

  it.each([
    ['a missing cruise code', { programDate: day.programDate, mode: 'combined' }, 'Cruise code is required'],
    ['an empty cruise code', { cruiseCode: '  ', programDate: day.programDate, mode: 'combined' }, 'Cruise code is required'],
    [
      'a cruise code with punctuation',
      { cruiseCode: 'AR-25 0928', programDate: day.programDate, mode: 'combined' },
      'Cruise code may contain only letters and digits (e.g. AR250928)',
    ],
    ['a missing date', { cruiseCode: day.cruiseCode, mode: 'combined' }, 'Date is required'],
    ['an empty date', { cruiseCode: day.cruiseCode, programDate: '', mode: 'combined' }, 'Date is required'],
    ['a date not in YYYY-MM-DD', { cruiseCode: day.cruiseCode, programDate: '28/09/2025', mode: 'combined' }, 'Date must be in the form YYYY-MM-DD'],
    ['a day that does not exist', { cruiseCode: day.cruiseCode, programDate: '2025-02-30', mode: 'combined' }, 'Date is not a real calendar day'],
    ['a missing mode', { ...day }, 'Please select upload mode'],
    ['an unknown mode', { ...day, mode: 'both' }, 'Please select upload mode'],
  ])('refuses %s with 400 and stores nothing', async (_case, fields, message) => {
    const before = await snapshot();
    await expectRefused(await uploadDay(t, admin, fields as Record<string, string>, await pdfParts(1)), 400, message, before);
  });

  it('refuses a file over 10 MB with 413 while streaming, storing nothing', async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x20);
    big.write('%PDF-1.7\n');
    const before = await snapshot();
    const res = await uploadDay(t, admin, { ...day, mode: 'combined' }, [{ name: 'huge.pdf', data: big, type: 'application/pdf' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(res.json().message);
    expect(await snapshot()).toEqual(before);
  });

  it.each(['user', 'approver'] as const)('refuses a %s with 403 and stores nothing', async (role) => {
    const someone = await t.signedInUser(role);
    const before = await snapshot();
    const res = await uploadDay(t, someone, { ...day, mode: 'combined' }, await pdfParts(1));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(res.json().message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a plain user with 403 before reading the upload, even one over 10 MB', async () => {
    const crew = await t.signedInUser('user');
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x20);
    big.write('%PDF-1.7\n');
    const res = await uploadDay(t, crew, { ...day, mode: 'combined' }, [{ name: 'huge.pdf', data: big, type: 'application/pdf' }]);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a signed-out request with 401', async () => {
    const res = await uploadDay(t, null, { ...day, mode: 'combined' }, await pdfParts(1));
    expect(res.statusCode).toBe(401);
    expect(await snapshot()).toMatchObject({ programs: 0 });
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/daily-programs/batch', payload: { ...day, mode: 'combined' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Send the upload as multipart/form-data');
  });

  it("replaces a day's files in one go: old files gone, new ones in sequence, other days untouched", async () => {
    const storedBefore = (await storeTotals(t.db)).files;
    const first = await uploadDay(t, admin, { ...day, mode: 'separate' }, await pdfParts(4, 'old'));
    const otherDay = await uploadDay(t, admin, { ...day, programDate: '2025-09-29', mode: 'combined' }, await pdfParts(1, 'next'));
    const oldIds = (first.json().files as { id: number }[]).map((f) => f.id);

    const res = await uploadDay(t, admin, { ...day, mode: 'combined' }, await pdfParts(1, 'new'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ uploadMode: 'combined', replaced: 4 });
    expect(res.json().files).toMatchObject([{ fileSequence: 1, originalName: 'new-1.pdf' }]);

    const rows = await t.db.select().from(dailyPrograms).orderBy(dailyPrograms.programDate);
    expect(rows.map((r) => [r.programDate, r.fileSequence, r.originalName])).toEqual([
      ['2025-09-28', 1, 'new-1.pdf'],
      ['2025-09-29', 1, 'next-1.pdf'],
    ]);
    for (const id of oldIds) {
      expect((await t.as(admin, { method: 'GET', url: `/api/daily-programs/${id}/download` })).statusCode).toBe(404);
    }
    // The four replaced files' bytes are gone: only the new day and the other day remain.
    expect((await storeTotals(t.db)).files).toBe(storedBefore + 2);
    expect(otherDay.statusCode).toBe(201);
  });

  it('keeps the old day intact when its replacement is refused', async () => {
    await uploadDay(t, admin, { ...day, mode: 'combined' }, await pdfParts(1, 'keep'));
    const before = await snapshot();
    const res = await uploadDay(t, admin, { ...day, mode: 'separate' }, await pdfParts(3, 'short'));
    expect(res.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const [row] = await t.db.select().from(dailyPrograms);
    expect(row.originalName).toBe('keep-1.pdf');
  });
});
