import { beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceList, PeopleCompliance } from '../../../../common/contracts/reading';
import { crewOf, type TestUser, buildMarineAndHotel } from '../../test/factories';
import { createSopAs, uploadAttachments } from '../../test/client';
import { approveLatest, attestAs, complianceOf, dueDayOf, placeIn, publishedSop } from '../../test/reading';

/** Compliance that names people, and attestations made without opening the files. */
const { t, admin, approver, author, ada, bo, eve, max } = await crewOf(
  {
    admin: 'admin',
    approver: 'approver',
    author: 'user',
    ada: { role: 'user', firstName: 'Ada', lastName: 'Zeller' },
    bo: { role: 'user', firstName: 'Bo', lastName: '=Anchor' },
    eve: { role: 'user', firstName: 'Eve', lastName: 'Engine' },
    max: { role: 'user', firstName: 'Max', lastName: 'Marine' },
  },
  { jobs: 'manual' },
);
const dept = { marine: 0, deck: 0, engine: 0, hotel: 0 };
const sop = { muster: { id: 0, versionId: 0, file: 0 }, lines: { id: 0, versionId: 0 }, boiler: { id: 0, versionId: 0 } };

const get = async <T>(who: TestUser, url: string): Promise<T> => {
  const res = await t.as(who, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const people = (departmentId: number) => get<PeopleCompliance>(approver, `/api/compliance/people?departmentId=${departmentId}`);
const row = async (title: string, query = '') => (await get<ComplianceList>(approver, `/api/compliance${query}`)).find((r) => r.title === title);

beforeAll(async () => {
  Object.assign(dept, await buildMarineAndHotel(t.db));
  await placeIn(t, admin, dept.deck, ada, bo);
  await placeIn(t, admin, dept.engine, eve);
  await placeIn(t, admin, dept.marine, max);

  // Muster drill belongs to the Marine division and has a file; Heaving lines to Deck, Boiler watch to Engine.
  const muster = await createSopAs(t, author, { departmentId: dept.marine, title: 'Muster drill' });
  const upload = await uploadAttachments(t, author, muster.latestVersionId, [
    { name: 'muster-stations.txt', data: Buffer.from('Stations\n'), type: 'text/plain' },
  ]);
  expect(upload.statusCode, upload.body).toBe(201);
  await approveLatest(t, author, approver, muster.id);
  sop.muster = { id: muster.id, versionId: muster.latestVersionId as number, file: upload.json().id };
  sop.lines = await publishedSop(t, author, approver, dept.deck, 'Heaving lines');
  sop.boiler = await publishedSop(t, author, approver, dept.engine, 'Boiler watch');

  // Ada opens the muster file before attesting; Bo attests without opening it.
  expect(
    (await t.as(ada, { method: 'POST', url: `/api/sop-versions/${sop.muster.versionId}/reads`, payload: { attachmentId: sop.muster.file } })).statusCode,
  ).toBe(201);
  await attestAs(t, ada, sop.muster.versionId);
  await attestAs(t, ada, sop.lines.versionId);
  await attestAs(t, bo, sop.muster.versionId);
});

describe('people compliance', () => {
  it("counts a division's SOP for a department's members and names who is behind, most outstanding first", async () => {
    expect(await people(dept.deck)).toEqual([
      {
        id: bo.id,
        firstName: 'Bo',
        lastName: '=Anchor',
        department: { id: dept.deck, name: 'Deck' },
        position: null,
        required: 2,
        attested: 1,
        withoutOpening: 1,
        overdue: 0,
        outstanding: [{ sopId: sop.lines.id, title: 'Heaving lines', versionNumber: '1.0', dueDate: await dueDayOf(t, sop.lines.versionId), overdue: false }],
      },
      {
        id: ada.id,
        firstName: 'Ada',
        lastName: 'Zeller',
        department: { id: dept.deck, name: 'Deck' },
        position: null,
        required: 2,
        attested: 2,
        withoutOpening: 0,
        overdue: 0,
        outstanding: [],
      },
    ]);

    // A division's view: its own members read the division's SOPs; its departments' members theirs too.
    const marine = await people(dept.marine);
    expect(marine.map((p) => [p.firstName, p.required, p.attested, p.outstanding.map((o) => o.title)])).toEqual([
      ['Eve', 2, 0, ['Boiler watch', 'Muster drill']],
      ['Bo', 2, 1, ['Heaving lines']],
      ['Max', 1, 0, ['Muster drill']],
      ['Ada', 2, 2, []],
    ]);
    expect(await people(dept.hotel)).toEqual([]);
    expect(await people(999_999)).toEqual([]);
  });

  it('shows attestations made without opening the files per SOP, in the list and on the SOP panel, and follows readers who move', async () => {
    expect(await row('Muster drill')).toMatchObject({ required: 4, attested: 2, withoutOpening: 1 });
    expect(await row('Muster drill', `?departmentId=${dept.deck}`)).toMatchObject({ required: 2, attested: 2, withoutOpening: 1 });
    expect(await row('Muster drill', `?departmentId=${dept.engine}`)).toMatchObject({ required: 1, attested: 0, withoutOpening: 0 });
    expect(await row('Heaving lines')).toMatchObject({ required: 2, attested: 1, withoutOpening: 0 });
    expect(await complianceOf(t, approver, sop.muster.id)).toMatchObject({ required: 4, attested: 2, withoutOpening: 1 });

    await placeIn(t, admin, dept.hotel, bo); // leaves the audience with his attestation
    expect(await row('Muster drill')).toMatchObject({ required: 3, attested: 1, withoutOpening: 0 });
    expect(await complianceOf(t, approver, sop.muster.id)).toMatchObject({ required: 3, attested: 1, withoutOpening: 0 });
    await placeIn(t, admin, dept.deck, bo);
    expect(await row('Muster drill')).toMatchObject({ required: 4, attested: 2, withoutOpening: 1 });
  });

  it('has a CSV twin with the same rows, cells that a spreadsheet would run written as text', async () => {
    const res = await t.as(admin, { method: 'GET', url: `/api/compliance/people.csv?departmentId=${dept.deck}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="compliance-people-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Person,Last name,First name,Department,Position,Required,Attested,Outstanding,Attested without opening,Overdue,Outstanding SOPs,Language',
      // The person by name, never by id.
      `Bo =Anchor,'=Anchor,Bo,Deck,,2,1,1,1,0,"Heaving lines (v1.0, due ${await dueDayOf(t, sop.lines.versionId)})",`,
      'Ada Zeller,Zeller,Ada,Deck,,2,2,0,0,0,,',
      '',
    ]);
  });

  it('is for approvers and admins: a plain user gets 403, no session 401, no or a bad department or position 400', async () => {
    for (const url of [`/api/compliance/people?departmentId=${dept.deck}`, `/api/compliance/people.csv?departmentId=${dept.deck}`]) {
      const res = await t.as(ada, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('forbidden');
      expect((await t.as(null, { method: 'GET', url })).statusCode).toBe(401);
    }
    // Neither a department nor a position (decision 074: the holders of a position are a group too).
    const neither = await t.as(approver, { method: 'GET', url: '/api/compliance/people' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ message: 'Choose a department or a position' });
    for (const query of ['?departmentId=abc', '?departmentId=0']) {
      const res = await t.as(approver, { method: 'GET', url: `/api/compliance/people${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ field: 'departmentId', message: expect.stringMatching(/^Department/) });
      expect((await t.as(approver, { method: 'GET', url: `/api/compliance/people.csv${query}` })).statusCode).toBe(400);
    }
  });
});
