import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyReading } from '../../../../common/contracts/reading';
import type { ManualDetail, ManualEffective, ManualRevisions, ManualSummary } from '../../../../common/contracts/manuals';
import { sopVersions } from '../../db/schema';
import { createSopAs } from '../../test/client';
import { buildDepartment, crewOf, type TestUser } from '../../test/factories';
import { attestAs, placeIn, publishedSop, publishNewVersion } from '../../test/reading';

const { t, admin, approver, author, crew, hotelCrew } = await crewOf({ admin: 'admin', approver: 'approver', author: 'user', crew: 'user', hotelCrew: 'user' });

let sms: number;
let hotelManual: number;
let sops: Record<'muster' | 'fire' | 'mooring' | 'bunkering' | 'galley' | 'draft', { id: number; versionId?: number }>;
let mooringV11: number;
let mooringV20: number;

const get = (who: TestUser | null, url: string) => t.as(who, { method: 'GET', url });
const structure = (who: TestUser, id: number, chapters: { title: string; sopIds: number[] }[]) =>
  t.as(who, { method: 'PUT', url: `/api/manuals/${id}/structure`, payload: { chapters } });

async function create(who: TestUser, code: string, title: string): Promise<number> {
  const res = await t.as(who, { method: 'POST', url: '/api/manuals', payload: { code, title } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ManualDetail).id;
}

/** Sets the day a published version came into force (its approval), as if approved then. */
const approvedOn = (versionId: number, day: string) =>
  t.db
    .update(sopVersions)
    .set({ approvedAt: new Date(`${day}T09:00:00Z`) })
    .where(eq(sopVersions.id, versionId));

beforeAll(async () => {
  const deck = await buildDepartment(t.db, 'Deck');
  await placeIn(t, admin, deck.id, crew);
  const muster = await publishedSop(t, author, approver, deck.id, 'Muster and abandon ship');
  const fire = await publishedSop(t, author, approver, deck.id, 'Fire rounds');
  const mooring = await publishedSop(t, author, approver, deck.id, 'Mooring operations');
  const bunkering = await publishedSop(t, author, approver, deck.id, 'Bunkering');
  const galley = await publishedSop(t, author, approver, deck.id, 'Galley hygiene');
  // Never approved: approvers see it as a section without a version; crew never see it.
  const draft = await createSopAs(t, author, { departmentId: deck.id, title: 'Tender operations draft' });
  sops = { muster, fire, mooring, bunkering, galley, draft: { id: draft.id } };
  // Mooring: 1.0 in force from 10 January, 1.1 from 5 March, 2.0 from 20 March (2025).
  mooringV11 = await publishNewVersion(t, author, approver, mooring.id, '1.1', 'Snap-back zones painted on deck');
  mooringV20 = await publishNewVersion(t, author, approver, mooring.id, '2.0', 'Rewritten for the new winches');
  await approvedOn(mooring.versionId, '2025-01-10');
  await approvedOn(mooringV11, '2025-03-05');
  await approvedOn(mooringV20, '2025-03-20');
  await t.db.update(sopVersions).set({ revisionClass: 'minor' }).where(eq(sopVersions.id, mooringV11));
  sms = await create(approver, 'SMS', 'Safety Management System manual');
  hotelManual = await create(admin, 'HOT', 'Hotel manual');
});

describe('POST /api/manuals', () => {
  it('is for approvers and admins, with a code used once whatever its case', async () => {
    expect((await t.as(crew, { method: 'POST', url: '/api/manuals', payload: { code: 'X', title: 'X' } })).statusCode).toBe(403);
    const again = await t.as(admin, { method: 'POST', url: '/api/manuals', payload: { code: 'sms', title: 'Another' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A manual with the code "sms" already exists');
    const bad = await t.as(admin, { method: 'POST', url: '/api/manuals', payload: { code: 'a b', title: '' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/manuals/{id}/structure', () => {
  it('numbers chapters and sections by their order, and shows each section’s version in force', async () => {
    const res = await structure(approver, sms, [
      { title: 'Emergency preparedness', sopIds: [sops.muster.id, sops.fire.id] },
      { title: 'Deck operations', sopIds: [sops.draft.id, sops.mooring.id, sops.bunkering.id] },
      { title: 'Reserved', sopIds: [] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const manual = res.json() as ManualDetail;
    expect(manual.chapters.map((c) => [c.number, c.title])).toEqual([
      ['1', 'Emergency preparedness'],
      ['2', 'Deck operations'],
      ['3', 'Reserved'],
    ]);
    expect(manual.chapters[1].sections.map((s) => [s.number, s.title, s.versionNumber])).toEqual([
      ['2.1', 'Tender operations draft', null],
      ['2.2', 'Mooring operations', '2.0'],
      ['2.3', 'Bunkering', '1.0'],
    ]);
    expect(manual.chapters[1].sections[1].inForceSince).toBe('2025-03-20T09:00:00.000Z');
  });

  it('shows the crew only what they may see, with the same numbers', async () => {
    const manual = (await get(crew, `/api/manuals/${sms}`)).json() as ManualDetail;
    expect(manual.chapters[1].sections.map((s) => s.number)).toEqual(['2.2', '2.3']);
    expect(JSON.stringify(manual)).not.toContain('Tender operations draft');
  });

  it('refuses an unknown SOP, a repeated one and one of another manual, naming it, and changes nothing', async () => {
    const unknown = await structure(admin, sms, [{ title: 'One', sopIds: [sops.muster.id, 999999] }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('SOP 999999 does not exist');
    const twice = await structure(admin, sms, [
      { title: 'One', sopIds: [sops.fire.id] },
      { title: 'Two', sopIds: [sops.fire.id] },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`SOP ${sops.fire.id} is given more than once; an SOP is one section of one manual`);
    const other = await structure(admin, hotelManual, [{ title: 'Galley', sopIds: [sops.galley.id, sops.muster.id] }]);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(`SOP ${sops.muster.id} (Muster and abandon ship) is already a section of manual SMS`);
    expect(((await get(admin, `/api/manuals/${hotelManual}`)).json() as ManualDetail).chapters).toEqual([]);
    expect(((await get(admin, `/api/manuals/${sms}`)).json() as ManualDetail).chapters).toHaveLength(3);
    expect((await structure(crew as TestUser, sms, [])).statusCode).toBe(403);
    expect((await structure(admin, 999999, [])).statusCode).toBe(404);
    const hotel = await structure(admin, hotelManual, [{ title: 'Galley', sopIds: [sops.galley.id] }]);
    expect(hotel.statusCode).toBe(200);
  });
});

describe('reading a manual', () => {
  it('marks the sections the reader has not attested, and counts them in the list', async () => {
    await attestAs(t, crew, sops.muster.versionId as number);
    const manual = (await get(crew, `/api/manuals/${sms}`)).json() as ManualDetail;
    const changed = manual.chapters.flatMap((c) => c.sections.filter((s) => s.changed).map((s) => s.number));
    expect(changed).toEqual(['1.2', '2.2', '2.3']);
    expect(manual.chapters[0].sections[0]).toMatchObject({ changed: false, lastReadVersionNumber: '1.0' });
    const list = (await get(crew, '/api/manuals')).json() as ManualSummary[];
    expect(list.map((m) => [m.code, m.chapterCount, m.sectionCount, m.changedCount])).toEqual([
      ['HOT', 1, 1, 1],
      ['SMS', 3, 4, 3],
    ]);
  });

  it('marks nothing for a reader outside the sections’ audience who never read them', async () => {
    const list = (await get(hotelCrew, '/api/manuals')).json() as ManualSummary[];
    expect(list.map((m) => [m.code, m.sectionCount, m.changedCount])).toEqual([
      ['HOT', 1, 0],
      ['SMS', 4, 0],
    ]);
    const manual = (await get(hotelCrew, `/api/manuals/${sms}`)).json() as ManualDetail;
    expect(manual.chapters.flatMap((c) => c.sections).some((s) => s.changed)).toBe(false);
  });

  it('names the manual and section of each item on the reader’s list, so it groups by manual', async () => {
    const reading = (await get(crew, '/api/reading')).json() as MyReading;
    const sectionOf = (title: string) => reading.outstanding.find((i) => i.title === title)?.manual;
    expect(sectionOf('Mooring operations')).toEqual({ id: sms, code: 'SMS', title: 'Safety Management System manual', section: '2.2' });
    expect(sectionOf('Galley hygiene')).toMatchObject({ code: 'HOT', section: '1.1' });
    expect(reading.done.find((i) => i.title === 'Muster and abandon ship')?.manual).toMatchObject({ code: 'SMS', section: '1.1' });
  });
});

describe('GET /api/manuals/{id}/effective', () => {
  it('lists each section’s version in force today and since when', async () => {
    const today = (await get(crew, `/api/manuals/${sms}/effective`)).json() as ManualEffective;
    expect(today.at).toBe(new Date().toISOString().slice(0, 10));
    expect(today.sections.map((s) => [s.number, s.title, s.versionNumber])).toEqual([
      ['1.1', 'Muster and abandon ship', '1.0'],
      ['1.2', 'Fire rounds', '1.0'],
      ['2.2', 'Mooring operations', '2.0'],
      ['2.3', 'Bunkering', '1.0'],
    ]);
    expect(today.sections[2].inForceSince).toBe('2025-03-20T09:00:00.000Z');
  });

  it('lists the manual as in force on a past day, after two revisions', async () => {
    const mooring = async (day: string) =>
      ((await get(crew, `/api/manuals/${sms}/effective?at=${day}`)).json() as ManualEffective).sections.find((s) => s.sopId === sops.mooring.id);
    expect(await mooring('2025-03-01')).toMatchObject({ versionNumber: '1.0', inForceSince: '2025-01-10T09:00:00.000Z', revisionClass: 'major' });
    expect(await mooring('2025-03-05')).toMatchObject({ versionNumber: '1.1', inForceSince: '2025-03-05T09:00:00.000Z', revisionClass: 'minor' });
    expect(await mooring('2025-03-19')).toMatchObject({ versionNumber: '1.1' });
    expect(await mooring('2025-03-20')).toMatchObject({ versionNumber: '2.0' });
    expect(await mooring('2025-01-09')).toMatchObject({ versionNumber: null, inForceSince: null });
    expect((await get(crew, `/api/manuals/${sms}/effective?at=2025-02-30`)).statusCode).toBe(400);
  });

  it('is a CSV too', async () => {
    const res = await get(crew, `/api/manuals/${sms}/effective.csv?at=2025-03-01`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('SMS-effective-sections-2025-03-01');
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Section', 'Title', 'Version', 'In force since', 'Revision class']);
    expect(rows.find((r) => r[0] === '2.2')).toEqual(['2.2', 'Mooring operations', '1.0', '2025-01-10', 'major']);
  });
});

describe('GET /api/manuals/{id}/revisions', () => {
  it('records every change of a section’s version in force, newest first', async () => {
    const record = (await get(crew, `/api/manuals/${sms}/revisions`)).json() as ManualRevisions;
    const mooring = record.revisions.filter((r) => r.sopId === sops.mooring.id);
    expect(mooring.map((r) => [r.date.slice(0, 10), r.number, r.fromVersion, r.toVersion, r.revisionClass, r.changelog])).toEqual([
      ['2025-03-20', '2.2', '1.1', '2.0', 'major', 'Rewritten for the new winches'],
      ['2025-03-05', '2.2', '1.0', '1.1', 'minor', 'Snap-back zones painted on deck'],
      ['2025-01-10', '2.2', null, '1.0', 'major', expect.any(String)],
    ]);
    expect(record.revisions).toHaveLength(6);
    const dates = record.revisions.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(JSON.stringify(record)).not.toContain('Tender operations draft');
  });

  it('is 404 for a manual that does not exist', async () => {
    expect((await get(crew, '/api/manuals/999999/revisions')).statusCode).toBe(404);
    expect((await get(crew, '/api/manuals/999999')).statusCode).toBe(404);
  });
});
