import { beforeAll, describe, expect, it } from 'vitest';
import type { SopReading } from '../../../../common/contracts/reading';
import { crewOf, buildDepartment, buildMarineAndHotel } from '../../test/factories';
import { attestAs, complianceOf, dueAfter, placeIn, publishedSop, publishNewVersion, readingOf } from '../../test/reading';

const { t, admin, approver, author, deckA, deckB, engineer, marine, hotel, loner } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  author: 'user',
  deckA: { role: 'user', firstName: 'Ada', lastName: 'Deck' },
  deckB: { role: 'user', firstName: 'Bo', lastName: 'Anchor' },
  engineer: { role: 'user', firstName: 'Eve', lastName: 'Engine' },
  marine: { role: 'user', firstName: 'Max', lastName: 'Marine' },
  hotel: 'user',
  loner: 'user',
});
const dept = { marine: 0, deck: 0, engine: 0, hotel: 0, housekeeping: 0 };

beforeAll(async () => {
  Object.assign(dept, await buildMarineAndHotel(t.db));
  dept.housekeeping = (await buildDepartment(t.db, 'Housekeeping', dept.hotel)).id;
  await placeIn(t, admin, dept.deck, deckA, deckB);
  await placeIn(t, admin, dept.engine, engineer);
  await placeIn(t, admin, dept.marine, marine);
  await placeIn(t, admin, dept.housekeeping, hotel);
});

const sopIds = (items: { sopId: number }[]) => items.map((i) => i.sopId);
const sopReading = async (who: typeof deckA, sopId: number): Promise<SopReading> => {
  const res = await t.as(who, { method: 'GET', url: `/api/sops/${sopId}/reading` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('required reading', () => {
  it('an SOP of a department is waiting for that department only; one of a division for the division and every department under it', async () => {
    const mooring = await publishedSop(t, author, approver, dept.deck, 'Mooring stations');
    const muster = await publishedSop(t, author, approver, dept.marine, 'Muster drill');

    const forDeck = await readingOf(t, deckA);
    expect(sopIds(forDeck.outstanding)).toEqual(expect.arrayContaining([mooring.id, muster.id]));
    const item = forDeck.outstanding.find((i) => i.sopId === mooring.id);
    expect(item).toEqual({
      sopId: mooring.id,
      title: 'Mooring stations',
      department: { id: dept.deck, name: 'Deck' },
      versionId: mooring.versionId,
      versionNumber: '1.0',
      approvedAt: expect.any(String),
      changelog: 'Initial version',
      attestedAt: null,
      dueDate: dueAfter(item?.approvedAt as string),
      overdue: false,
    });
    expect(sopIds((await readingOf(t, engineer)).outstanding)).toContain(muster.id);
    expect(sopIds((await readingOf(t, engineer)).outstanding)).not.toContain(mooring.id);
    // A member of the division itself reads the division's SOPs, not those of its departments.
    expect(sopIds((await readingOf(t, marine)).outstanding)).toContain(muster.id);
    expect(sopIds((await readingOf(t, marine)).outstanding)).not.toContain(mooring.id);
    const forHotel = await readingOf(t, hotel);
    expect(sopIds(forHotel.outstanding)).not.toContain(mooring.id);
    expect(sopIds(forHotel.outstanding)).not.toContain(muster.id);

    expect(await sopReading(deckA, mooring.id)).toMatchObject({
      versionId: mooring.versionId,
      versionNumber: '1.0',
      required: true,
      attested: false,
      lastAttested: null,
    });
    expect(await sopReading(hotel, mooring.id)).toMatchObject({ required: false, attested: false });
  });

  it('a user without a department must read nothing, yet may read and attest', async () => {
    const galley = await publishedSop(t, author, approver, dept.housekeeping, 'Galley hygiene');
    expect(await readingOf(t, loner)).toEqual({ outstanding: [], done: [] });
    expect(await sopReading(loner, galley.id)).toMatchObject({ required: false, attested: false });

    await attestAs(t, loner, galley.versionId);
    const after = await readingOf(t, loner);
    expect(after.outstanding).toEqual([]);
    expect(after.done).toEqual([expect.objectContaining({ sopId: galley.id, versionId: galley.versionId, attestedAt: expect.any(String) })]);
    // Reading it does not make them part of the audience the office counts.
    const compliance = await complianceOf(t, approver, galley.id);
    expect(compliance.outstanding.map((u) => u.id)).toEqual([hotel.id]);
    expect(compliance).toMatchObject({ required: 1, attested: 0 });
  });

  it('attesting clears an item; a newly published version is outstanding again, with the changes since the one attested', async () => {
    const lines = await publishedSop(t, author, approver, dept.deck, 'Heaving lines');
    await attestAs(t, deckA, lines.versionId);
    let mine = await readingOf(t, deckA);
    expect(sopIds(mine.outstanding)).not.toContain(lines.id);
    expect(mine.done[0]).toMatchObject({ sopId: lines.id, versionId: lines.versionId, versionNumber: '1.0', attestedAt: expect.any(String) });
    expect(await sopReading(deckA, lines.id)).toMatchObject({
      attested: true,
      lastAttested: { versionId: lines.versionId, versionNumber: '1.0' },
      changes: [],
    });

    const v2 = await publishNewVersion(t, author, approver, lines.id, '2.0', 'Weighted ends are no longer allowed');
    const v3 = await publishNewVersion(t, author, approver, lines.id, '3.0', 'Gloves are required');
    for (const who of [deckA, deckB]) {
      mine = await readingOf(t, who);
      expect(mine.outstanding.find((i) => i.sopId === lines.id)).toMatchObject({
        versionId: v3,
        versionNumber: '3.0',
        changelog: 'Gloves are required',
        attestedAt: null,
      });
    }
    // The superseded attestation is not listed as done any more.
    expect(sopIds((await readingOf(t, deckA)).done)).not.toContain(lines.id);

    const since = await sopReading(deckA, lines.id);
    expect(since).toMatchObject({
      versionId: v3,
      versionNumber: '3.0',
      required: true,
      attested: false,
      lastAttested: { versionId: lines.versionId, versionNumber: '1.0' },
    });
    expect(since.changes.map((c) => [c.versionNumber, c.changelog])).toEqual([
      ['3.0', 'Gloves are required'],
      ['2.0', 'Weighted ends are no longer allowed'],
    ]);
    expect(v2).toBeLessThan(v3);
    // deckB never attested: every published version is news.
    expect((await sopReading(deckB, lines.id)).changes.map((c) => c.versionNumber)).toEqual(['3.0', '2.0', '1.0']);

    await attestAs(t, deckA, v3);
    mine = await readingOf(t, deckA);
    expect(sopIds(mine.outstanding)).not.toContain(lines.id);
    expect(mine.done[0]).toMatchObject({ sopId: lines.id, versionId: v3 });
  });

  it('lists the outstanding newest approval first and `done` at most 20', async () => {
    const first = await publishedSop(t, author, approver, dept.engine, 'Bunkering');
    const second = await publishedSop(t, author, approver, dept.engine, 'Purifier cleaning');
    const order = sopIds((await readingOf(t, engineer)).outstanding);
    expect(order.indexOf(second.id)).toBeLessThan(order.indexOf(first.id));

    for (let i = 0; i < 21; i++) {
      const sop = await publishedSop(t, author, approver, dept.engine, `Engine check ${i}`);
      await attestAs(t, engineer, sop.versionId);
    }
    const done = (await readingOf(t, engineer)).done;
    expect(done).toHaveLength(20);
    expect(done[0].title).toBe('Engine check 20');
  });

  it('answers 404 for an unknown SOP, 400 for a malformed id and 401 signed out', async () => {
    expect((await t.as(deckA, { method: 'GET', url: '/api/sops/999999/reading' })).statusCode).toBe(404);
    expect((await t.as(deckA, { method: 'GET', url: '/api/sops/1x/reading' })).statusCode).toBe(400);
    expect((await t.as(null, { method: 'GET', url: '/api/reading' })).statusCode).toBe(401);
    expect((await t.as(null, { method: 'GET', url: '/api/sops/1/reading' })).statusCode).toBe(401);
  });
});
