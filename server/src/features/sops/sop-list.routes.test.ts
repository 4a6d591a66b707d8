import { beforeAll, describe, expect, it } from 'vitest';
import type { SopListItem } from '../../../../common/contracts/sops';
import { sops } from '../../db/schema';
import { crewOf, buildMarineAndHotel } from '../../test/factories';
import { createSopAs, submitSopAs, listSops } from '../../test/client';

// The reader reads other people's drafts and superseded versions: an approver may (a plain user
// sees only the version in force; sop-visibility.routes.test.ts).
const { t, owner, reader } = await crewOf({ owner: { role: 'user', firstName: 'Ana', lastName: 'Silva' }, reader: 'approver' });
const dept = { marine: 0, deck: 0, engine: 0, hotel: 0 };

beforeAll(async () => {
  Object.assign(dept, await buildMarineAndHotel(t.db));
  await createSopAs(t, owner, {
    title: 'Lifeboat Launching Drill',
    departmentId: dept.deck,
    category: 'Emergency',
    tags: ['drill'],
    content: 'Muster the crew.',
  });
  await createSopAs(t, owner, {
    title: 'Bunkering Fuel Oil',
    departmentId: dept.engine,
    summary: 'Transfer of heavy fuel oil',
    content: 'Check the soundings of every tank.',
  });
  const galley = await createSopAs(t, owner, {
    title: 'Galley Hygiene',
    departmentId: dept.hotel,
    tags: ['sanitation'],
    content: 'Clean the lifebuoy station weekly.',
  });
  await submitSopAs(t, owner, galley.id);
  await createSopAs(t, owner, { title: 'Marine Division Charter', departmentId: dept.marine, content: 'Scope of the division.' });
});

const list = (query = '') => listSops(t, reader, query);
const titles = (rows: SopListItem[]) => rows.map((r) => r.title);

describe('GET /api/sops', () => {
  it('lists lean rows with their nested summaries, newest change first', async () => {
    const rows = await list();
    expect(titles(rows)).toEqual(['Marine Division Charter', 'Galley Hygiene', 'Bunkering Fuel Oil', 'Lifeboat Launching Drill']);
    const galley = rows.find((r) => r.title === 'Galley Hygiene')!;
    expect(galley).toMatchObject({
      status: 'submitted',
      department: { name: 'Hotel' },
      owner: { firstName: 'Ana', lastName: 'Silva' },
      hasPublishedVersion: false,
      latestVersion: {
        versionNumber: '1.0',
        isPublished: false,
        attachmentCount: 0,
        firstAttachmentId: null,
        submittedByUser: { firstName: 'Ana', lastName: 'Silva' },
      },
    });
    expect(galley.pendingTaskId).toEqual(expect.any(Number));
    expect(galley.latestVersion!.submittedBy).toBe(owner.id);
    expect(rows[0].pendingTaskId).toBeNull();
    expect(JSON.stringify(rows)).not.toContain('Muster the crew');
    expect(rows[0]).not.toHaveProperty('searchVector');
  });

  it('filters by status; "all" means every status', async () => {
    expect(titles(await list('?status=submitted'))).toEqual(['Galley Hygiene']);
    expect(await list('?status=all')).toHaveLength(4);
    const bad = await t.as(reader, { method: 'GET', url: '/api/sops?status=bogus' });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by department; a division includes its departments', async () => {
    expect(titles(await list(`?departmentId=${dept.deck}`))).toEqual(['Lifeboat Launching Drill']);
    expect(titles(await list(`?departmentId=${dept.marine}`)).sort()).toEqual(['Bunkering Fuel Oil', 'Lifeboat Launching Drill', 'Marine Division Charter']);
  });

  it('is 401 signed out', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/sops' })).statusCode).toBe(401);
  });
});

describe('GET /api/sops?search=', () => {
  it('matches word prefixes in titles', async () => {
    expect(titles(await list('?search=lifeb'))[0]).toBe('Lifeboat Launching Drill');
  });

  it('matches summary, category, tags and the latest content', async () => {
    expect(titles(await list('?search=heavy%20fuel'))).toEqual(['Bunkering Fuel Oil']);
    expect(titles(await list('?search=emergency'))).toEqual(['Lifeboat Launching Drill']);
    expect(titles(await list('?search=sanitation'))).toEqual(['Galley Hygiene']);
    expect(titles(await list('?search=soundings'))).toEqual(['Bunkering Fuel Oil']);
  });

  it('ranks a title match above a content match', async () => {
    // 'lifeb' is in one title and in another SOP's content ('lifebuoy').
    expect(titles(await list('?search=lifeb'))).toEqual(['Lifeboat Launching Drill', 'Galley Hygiene']);
  });

  it('follows the latest version when the content changes', async () => {
    const sop = await createSopAs(t, owner, { title: 'Pilot Boarding', departmentId: dept.deck, content: 'Rig the pilot ladder.' });
    expect(titles(await list('?search=ladder'))).toContain('Pilot Boarding');
    await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'Use the combination arrangement.' } });
    expect(titles(await list('?search=ladder'))).not.toContain('Pilot Boarding');
    expect(titles(await list('?search=combination'))).toContain('Pilot Boarding');
  });

  it('follows a field-only edit and an edit with new content', async () => {
    const sop = await createSopAs(t, owner, { title: 'Tender Operations', departmentId: dept.deck, content: 'Lower the tender.' });
    const put = (payload: Record<string, unknown>) =>
      t.as(owner, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'Tender Operations', departmentId: dept.deck, ...payload } });
    expect((await put({ summary: 'Shuttle guests ashore by launch' })).statusCode).toBe(200);
    expect(titles(await list('?search=shuttle'))).toContain('Tender Operations');
    expect((await put({ summary: 'Shuttle guests ashore by launch', content: 'Check the weather window first.' })).statusCode).toBe(200);
    expect(titles(await list('?search=weather'))).toContain('Tender Operations');
    expect(titles(await list('?search=shuttle'))).toContain('Tender Operations');
    expect(titles(await list('?search=lower%20tender'))).not.toContain('Tender Operations');
  });

  it('treats hostile input as plain words', async () => {
    for (const q of ["'; drop table sops; --", 'lifeboat & | ! :* (', '%', '_', '\\', '!!!', 'a'.repeat(200)]) {
      const res = await t.as(reader, { method: 'GET', url: `/api/sops?search=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
    }
    expect(titles(await list(`?search=${encodeURIComponent('lifeboat & | ! :* (')}`))).toEqual(['Lifeboat Launching Drill']);
    expect(await list('?search=%25')).toHaveLength(0);
    expect((await t.db.select().from(sops)).length).toBeGreaterThan(0);
  });

  it('combines search with the other filters', async () => {
    expect(await list(`?search=lifeb&departmentId=${dept.hotel}`)).toHaveLength(1);
    expect(await list('?search=lifeb&status=submitted')).toHaveLength(1);
    expect(await list('?search=lifeb&status=published')).toHaveLength(0);
  });
});
