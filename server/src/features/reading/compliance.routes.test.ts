import { beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceList } from '../../../../common/contracts/reading';
import { crewOf, buildMarineAndHotel } from '../../test/factories';
import { createSopAs } from '../../test/client';
import { attestAs, complianceOf, placeIn, publishedSop, publishNewVersion } from '../../test/reading';

const { t, admin, approver, author, ada, bo, cy, eve, max, gone } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  author: 'user',
  ada: { role: 'user', firstName: 'Ada', lastName: 'Zeller' },
  bo: { role: 'user', firstName: 'Bo', lastName: 'Anchor' },
  cy: { role: 'user', firstName: 'Cy', lastName: 'Mast' },
  eve: { role: 'user', firstName: 'Eve', lastName: 'Engine' },
  max: { role: 'user', firstName: 'Max', lastName: 'Marine' },
  gone: { role: 'user', firstName: 'Gus', lastName: 'Gone' },
});
const dept = { marine: 0, deck: 0, engine: 0, hotel: 0 };

beforeAll(async () => {
  Object.assign(dept, await buildMarineAndHotel(t.db));
  await placeIn(t, admin, dept.deck, ada, bo, cy, gone);
  await placeIn(t, admin, dept.engine, eve);
  await placeIn(t, admin, dept.marine, max);
});

const list = async (query = ''): Promise<ComplianceList> => {
  const res = await t.as(approver, { method: 'GET', url: `/api/compliance${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('compliance', () => {
  it('counts the audience of the version in force per department and names who is outstanding; deactivated users drop out', async () => {
    const muster = await publishedSop(t, author, approver, dept.marine, 'Muster drill');
    await attestAs(t, ada, muster.versionId);
    await attestAs(t, eve, muster.versionId);
    await attestAs(t, author, muster.versionId); // outside the audience: not counted

    const deactivate = await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${gone.id}`, payload: { active: false } });
    expect(deactivate.statusCode).toBe(200);

    const compliance = await complianceOf(t, approver, muster.id);
    expect(compliance).toEqual({
      versionId: muster.versionId,
      versionNumber: '1.0',
      required: 5,
      attested: 2,
      withoutOpening: 0,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      overdue: 0,
      departments: [
        { id: dept.marine, name: 'Marine', required: 1, attested: 0 },
        { id: dept.deck, name: 'Deck', required: 3, attested: 1 },
        { id: dept.engine, name: 'Engine', required: 1, attested: 1 },
      ],
      positions: [],
      outstanding: [
        { id: bo.id, firstName: 'Bo', lastName: 'Anchor', department: { id: dept.deck, name: 'Deck' } },
        { id: max.id, firstName: 'Max', lastName: 'Marine', department: { id: dept.marine, name: 'Marine' } },
        { id: cy.id, firstName: 'Cy', lastName: 'Mast', department: { id: dept.deck, name: 'Deck' } },
      ],
    });
    // The admin sees the same; a new version starts the count again.
    expect(await complianceOf(t, admin, muster.id)).toEqual(compliance);
    const v2 = await publishNewVersion(t, author, approver, muster.id, '2.0', 'New muster stations');
    const again = await complianceOf(t, approver, muster.id);
    expect(again).toMatchObject({ versionId: v2, versionNumber: '2.0', required: 5, attested: 0 });
    expect(again.outstanding.map((u) => u.id)).toEqual([bo.id, eve.id, max.id, cy.id, ada.id]);
  });

  it('an SOP of a department counts that department only; without a version in force everything is empty', async () => {
    const lines = await publishedSop(t, author, approver, dept.deck, 'Heaving lines');
    await attestAs(t, cy, lines.versionId);
    expect(await complianceOf(t, approver, lines.id)).toMatchObject({
      required: 3,
      attested: 1,
      departments: [{ id: dept.deck, name: 'Deck', required: 3, attested: 1 }],
    });

    const draft = await createSopAs(t, author, { departmentId: dept.deck, title: 'Draft rigging' });
    expect(await complianceOf(t, approver, draft.id)).toEqual({
      versionId: null,
      versionNumber: null,
      required: 0,
      attested: 0,
      withoutOpening: 0,
      dueDate: null,
      overdue: 0,
      departments: [],
      positions: [],
      outstanding: [],
    });
    expect((await list()).map((r) => r.sopId)).not.toContain(draft.id);
  });

  it('lists one row per SOP in force, by title, filtered by department (what its members must read, counted over them); the CSV says the same', async () => {
    const galley = await publishedSop(t, author, approver, dept.hotel, '=Galley hygiene');
    const all = await list();
    const titles = all.map((r) => r.title);
    expect(titles).toEqual(['=Galley hygiene', 'Heaving lines', 'Muster drill']);
    expect(all.find((r) => r.title === 'Muster drill')).toEqual({
      sopId: expect.any(Number),
      title: 'Muster drill',
      department: { id: dept.marine, name: 'Marine' },
      versionNumber: '2.0',
      required: 5,
      attested: 0,
      withoutOpening: 0,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      overdue: 0,
    });
    expect(all.find((r) => r.sopId === galley.id)).toMatchObject({ required: 0, attested: 0 });

    expect((await list(`?departmentId=${dept.marine}`)).map((r) => r.title)).toEqual(['Heaving lines', 'Muster drill']);
    // A department's members must read their division's SOPs too; only they are counted.
    const deck = await list(`?departmentId=${dept.deck}`);
    expect(deck.map((r) => [r.title, r.required, r.attested])).toEqual([
      ['Heaving lines', 3, 1],
      ['Muster drill', 3, 0],
    ]);
    expect((await list(`?departmentId=${dept.engine}`)).map((r) => [r.title, r.required])).toEqual([['Muster drill', 1]]);

    const csv = await t.as(admin, { method: 'GET', url: '/api/compliance/export.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="compliance-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''compliance-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      'SOP,Title,Department,Version,Required,Attested,Outstanding,Percent,Attested without opening,Due date,Overdue,Language',
      ...all.map((r) => {
        const title = r.title.startsWith('=') ? `'${r.title}` : r.title;
        const percent = r.required === 0 ? 100 : Math.floor((r.attested / r.required) * 100);
        return [
          r.sopId,
          title,
          r.department.name,
          r.versionNumber,
          r.required,
          r.attested,
          r.required - r.attested,
          percent,
          r.withoutOpening,
          r.dueDate,
          r.overdue,
          // Nobody here read a translation.
          '',
        ].join(',');
      }),
    ]);
    const deckOnly = await t.as(approver, { method: 'GET', url: `/api/compliance/export.csv?departmentId=${dept.deck}` });
    expect(deckOnly.rawPayload.subarray(3).toString('utf8').split('\r\n').slice(1, -1)).toEqual([
      expect.stringMatching(/^\d+,Heaving lines,Deck,1\.0,3,1,2,33,0,\d{4}-\d{2}-\d{2},0,$/),
      expect.stringMatching(/^\d+,Muster drill,Marine,2\.0,3,0,3,0,0,\d{4}-\d{2}-\d{2},0,$/),
    ]);
  });

  it('keeps the counts of the list equal to a count of the attestations when readers move, leave, return or are deleted', async () => {
    const rigging = await publishedSop(t, author, approver, dept.marine, 'Rigging');
    await attestAs(t, bo, rigging.versionId);
    await attestAs(t, max, rigging.versionId);
    const agree = async (expected: { required: number; attested: number }) => {
      const row = (await list()).find((r) => r.sopId === rigging.id);
      const detail = await complianceOf(t, approver, rigging.id);
      expect({ required: row?.required, attested: row?.attested }).toEqual(expected);
      expect({ required: detail.required, attested: detail.attested }).toEqual(expected);
    };
    await agree({ required: 5, attested: 2 });
    await placeIn(t, admin, dept.hotel, bo); // out of the audience, attestation and all
    await agree({ required: 4, attested: 1 });
    await placeIn(t, admin, dept.engine, bo); // back under Marine, through another department
    await agree({ required: 5, attested: 2 });
    expect((await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${max.id}`, payload: { active: false } })).statusCode).toBe(200);
    await agree({ required: 4, attested: 1 });
    expect((await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${max.id}`, payload: { active: true } })).statusCode).toBe(200);
    await agree({ required: 5, attested: 2 });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${max.id}` })).statusCode).toBe(200);
    await agree({ required: 4, attested: 1 });
    await placeIn(t, admin, dept.deck, bo);
  });

  it('refuses plain users with 403, and bad input with 400 or 404', async () => {
    const lines = (await list()).find((r) => r.title === 'Heaving lines');
    for (const url of [`/api/sops/${lines?.sopId}/compliance`, '/api/compliance', '/api/compliance/export.csv']) {
      const res = await t.as(ada, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('forbidden');
      expect((await t.as(null, { method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.as(approver, { method: 'GET', url: '/api/sops/999999/compliance' })).statusCode).toBe(404);
    expect((await t.as(approver, { method: 'GET', url: '/api/sops/abc/compliance' })).statusCode).toBe(400);
    for (const bad of ['abc', '0', '-1', '99999999999', '1%00', 'x'.repeat(5000)]) {
      const res = await t.as(approver, { method: 'GET', url: `/api/compliance?departmentId=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect((await t.as(approver, { method: 'GET', url: `/api/compliance/export.csv?departmentId=${bad}` })).statusCode).toBe(400);
    }
    // An unknown department simply has no SOPs.
    expect(await list('?departmentId=999999')).toEqual([]);
  });
});
