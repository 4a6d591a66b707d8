import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Circular } from '../../../../common/contracts/circulars';
import type { SopDetail, SopPage } from '../../../../common/contracts/sops';
import { circulars, vessels } from '../../db/schema';
import { buildDepartment, crewOf, type TestUser } from '../../test/factories';
import { attestAs, notificationsOf, placeIn, readingOf } from '../../test/reading';

/** Fleet circulars (decision 078): numbered per year, reviewed like an SOP version, read by their audience until due, gone from the lists once expired. */
const { t, admin, approver, master, crew, cook, officeClerk } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  master: 'approver',
  crew: { role: 'user', firstName: 'Cruz', lastName: 'Deck' },
  cook: { role: 'user', firstName: 'Coco', lastName: 'Galley' },
  officeClerk: { role: 'user', firstName: 'Olga', lastName: 'Office' },
});
const deck = (await buildDepartment(t.db, 'Deck')).id;
const galley = (await buildDepartment(t.db, 'Galley')).id;
await placeIn(t, admin, deck, crew, officeClerk);
await placeIn(t, admin, galley, cook);
await t.db.insert(vessels).values([
  { code: 'AURORA', name: 'Aurora Star' },
  { code: 'NORD', name: 'Nordic Dawn' },
]);
for (const [who, codes] of [
  [crew, ['AURORA']],
  [cook, ['AURORA']],
  [master, ['AURORA']],
] as [TestUser, string[]][]) {
  const res = await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${who.id}`, payload: { vesselCodes: codes } });
  expect(res.statusCode, res.body).toBe(200);
}

const year = new Date().getUTCFullYear();
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const draft = (payload: Record<string, unknown> = {}, as: TestUser = admin) =>
  t.as(as, {
    method: 'POST',
    url: '/api/circulars',
    payload: {
      title: 'Ballast water exchange',
      content: 'Exchange ballast 200 nm from shore.',
      dueDate: daysFromToday(10),
      expiresAt: daysFromToday(60),
      ...payload,
    },
  });

async function issue(payload: Record<string, unknown> = {}) {
  const res = await draft(payload);
  expect(res.statusCode, res.body).toBe(201);
  const sop = res.json() as SopDetail;
  const submitted = await t.as(admin, { method: 'POST', url: `/api/sops/${sop.id}/submit`, payload: {} });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const decided = await t.as(approver, { method: 'PUT', url: `/api/approvals/${submitted.json().taskId}`, payload: { status: 'approved' } });
  expect(decided.statusCode, decided.body).toBe(200);
  // The approver's answer says what was released, so the screen can say 'issued'.
  expect(decided.json()).toMatchObject({ sopStatus: 'published', sopKind: 'circular' });
  return sop;
}

const register = async (as: TestUser = admin) => {
  const res = await t.as(as, { method: 'GET', url: '/api/circulars' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Circular[];
};

describe('circulars', () => {
  it('are numbered by the server per year, in order and without gaps, concurrent ones too', async () => {
    const first = await draft({ title: 'First notice' });
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as SopDetail).title).toBe(`FC-${year}-001 First notice`);
    const refused = await draft({ title: 'Refused', departmentIds: [999_999] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'No such department', field: 'departmentIds' });
    const together = await Promise.all([1, 2, 3, 4].map((n) => draft({ title: `Together ${n}` })));
    for (const res of together) expect(res.statusCode, res.body).toBe(201);
    const numbers = (await register()).map((c) => c.number);
    expect(numbers).toEqual([5, 4, 3, 2, 1].map((n) => `FC-${year}-00${n}`));
  });

  it('refuse what does not make sense with a message naming the field, and plain users', async () => {
    expect((await draft({}, crew)).statusCode).toBe(403);
    const late = await draft({ dueDate: daysFromToday(10), expiresAt: daysFromToday(5) });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain('The circular must expire after its due date');
    const unknownVessel = await draft({ vesselCodes: ['GHOST'] });
    expect(unknownVessel.statusCode).toBe(400);
    expect(unknownVessel.json().message).toBe('No vessel with the code "GHOST" is registered');
    expect((await draft({ dueDate: '2026-02-30' })).statusCode).toBe(400);
  });

  it('pass review in one step, then are required reading for their audience until the due date, in the bell', async () => {
    const res = await draft({ title: 'Galley gas check', vesselCodes: ['AURORA'], departmentIds: [galley], dueDate: daysFromToday(7) });
    const sop = res.json() as SopDetail;
    // A draft is nobody's reading, and a plain user does not see it in the register.
    expect((await readingOf(t, cook)).outstanding.map((i) => i.sopId)).not.toContain(sop.id);
    expect((await register(cook)).map((c) => c.id)).not.toContain(sop.id);
    const submitted = await t.as(admin, { method: 'POST', url: `/api/sops/${sop.id}/submit`, payload: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const approvals = await t.as(approver, { method: 'GET', url: '/api/approvals' });
    expect(approvals.body).toContain('Galley gas check');
    expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${submitted.json().taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    const detail = (await t.as(admin, { method: 'GET', url: `/api/sops/${sop.id}` })).json() as SopDetail;
    expect(detail.status).toBe('published');

    const cookReading = await readingOf(t, cook);
    expect(cookReading.outstanding.find((i) => i.sopId === sop.id)).toMatchObject({ dueDate: daysFromToday(7), overdue: false, circular: `FC-${year}-006` });
    // Deck crew on the same ship and galley people elsewhere are not its audience.
    expect((await readingOf(t, crew)).outstanding.map((i) => i.sopId)).not.toContain(sop.id);
    expect((await notificationsOf(t, cook)).items.map((i) => i.sopId)).toContain(sop.id);

    const [row] = (await register(cook)).filter((c) => c.id === sop.id);
    expect(row).toMatchObject({ title: 'Galley gas check', readers: 1, read: 0, vesselCodes: ['AURORA'], departments: [{ id: galley, name: 'Galley' }] });
    expect(row.vessels).toEqual([expect.objectContaining({ vesselCode: 'AURORA', readers: 1, read: 0, acknowledgedAt: null })]);
    // Its history tells a reader it was drafted, as an SOP's tells it was created.
    const history = await t.as(cook, { method: 'GET', url: `/api/sops/${sop.id}/history` });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).toContain('circular_created');
    await attestAs(t, cook, detail.versions[0].id);
    expect((await register()).find((c) => c.id === sop.id)).toMatchObject({ read: 1, readers: 1 });
    expect((await readingOf(t, cook)).outstanding.map((i) => i.sopId)).not.toContain(sop.id);
  });

  it("are reviewed in one step even where the department's route has two, and filed under their first position's department", async () => {
    const route = await t.as(admin, {
      method: 'PUT',
      url: `/api/departments/${galley}/approval-route`,
      payload: {
        steps: [
          { name: 'Chef', approverIds: null, required: 1 },
          { name: 'Hotel director', approverIds: null, required: 1 },
        ],
      },
    });
    expect(route.statusCode, route.body).toBe(200);
    const made = await t.as(admin, { method: 'POST', url: '/api/positions', payload: { name: 'Sous chef', departmentId: galley } });
    expect(made.statusCode, made.body).toBe(201);
    const sop = await issue({ title: 'Allergen labels', positionIds: [made.json().id] });
    const detail = (await t.as(admin, { method: 'GET', url: `/api/sops/${sop.id}` })).json() as SopDetail;
    expect(detail).toMatchObject({ status: 'published', departmentId: galley });
    const drafted = await t.as(admin, { method: 'GET', url: `/api/audit?limit=50` });
    expect(drafted.body).toContain('circular_created');
  });

  it('with no departments nor positions are for everyone on their vessels, overdue after the due date', async () => {
    const sop = await issue({ title: 'Port state inspection campaign', vesselCodes: ['AURORA'] });
    await t.db
      .update(circulars)
      .set({ dueDate: daysFromToday(-1) })
      .where(eq(circulars.sopId, sop.id));
    for (const who of [crew, cook, master]) {
      expect(
        (await readingOf(t, who)).outstanding.find((i) => i.sopId === sop.id),
        who.username,
      ).toMatchObject({ dueDate: daysFromToday(-1), overdue: true });
    }
    // Assigned to no vessel: not its audience.
    expect((await readingOf(t, officeClerk)).outstanding.map((i) => i.sopId)).not.toContain(sop.id);
    const nord = await issue({ title: 'Ice class reminder', vesselCodes: [] });
    expect((await readingOf(t, officeClerk)).outstanding.map((i) => i.sopId)).toContain(nord.id);
    const row = (await register()).find((c) => c.id === nord.id);
    expect(row?.vessels.map((v) => v.vesselCode)).toEqual(['AURORA', 'NORD']);
  });

  it('leave the reading lists, the bell and the Procedures list once expired, and stay in the register and its CSV', async () => {
    const sop = await issue({ title: 'Heavy weather routing', vesselCodes: ['AURORA'] });
    const list = async () => ((await t.as(cook, { method: 'GET', url: '/api/sops?limit=100' })).json() as SopPage).items.map((s) => s.id);
    expect(await list()).toContain(sop.id);
    expect((await notificationsOf(t, cook)).items.map((i) => i.sopId)).toContain(sop.id);
    await t.db
      .update(circulars)
      .set({ dueDate: daysFromToday(-5), expiresAt: daysFromToday(0) })
      .where(eq(circulars.sopId, sop.id));
    expect((await readingOf(t, cook)).outstanding.map((i) => i.sopId)).not.toContain(sop.id);
    expect((await notificationsOf(t, cook)).items.map((i) => i.sopId)).not.toContain(sop.id);
    expect(await list()).not.toContain(sop.id);
    // Still readable, and in the register as expired, its audience still counted.
    expect((await t.as(cook, { method: 'GET', url: `/api/sops/${sop.id}` })).statusCode).toBe(200);
    expect((await register(cook)).find((c) => c.id === sop.id)).toMatchObject({ expired: true, readers: 3, read: 0 });
    const csv = await t.as(cook, { method: 'GET', url: '/api/circulars.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Number,Title,Status,Issued,Due date,Expires,Expired');
    expect(csv.body).toMatch(/FC-\d{4}-\d{3},Heavy weather routing,published,\d{4}-\d{2}-\d{2},[\d-]+,[\d-]+,yes,0,3,AURORA,0,3,,/);
  });

  it('are acknowledged for a vessel on board only', async () => {
    const sop = await issue({ title: 'Acknowledged on board' });
    const ashore = await t.as(master, { method: 'POST', url: `/api/circulars/${sop.id}/vessel-acknowledgement` });
    expect(ashore.statusCode).toBe(409);
    expect(ashore.json()).toMatchObject({ code: 'ship_only' });
    expect((await t.as(crew, { method: 'POST', url: `/api/circulars/${sop.id}/vessel-acknowledgement` })).statusCode).toBe(403);
  });

  it('change their audience and days while a draft or sent back, never under review nor once issued', async () => {
    const details = (payload: Record<string, unknown>, as: TestUser = admin, id?: number) =>
      t.as(as, {
        method: 'PUT',
        url: `/api/circulars/${id}/details`,
        payload: { vesselCodes: ['AURORA'], departmentIds: [galley], positionIds: [], dueDate: daysFromToday(20), expiresAt: daysFromToday(90), ...payload },
      });
    const sop = (await draft({ title: 'Provision stores check', dueDate: daysFromToday(3) })).json() as SopDetail;
    const submitted = await t.as(admin, { method: 'POST', url: `/api/sops/${sop.id}/submit`, payload: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Under review, the approver decides on what was submitted.
    const reviewing = await details({}, admin, sop.id);
    expect(reviewing.statusCode).toBe(409);
    expect(reviewing.json()).toMatchObject({ code: 'under_review' });
    const sentBack = await t.as(approver, {
      method: 'PUT',
      url: `/api/approvals/${submitted.json().taskId}`,
      payload: { status: 'changes_requested', comments: 'Three days is too short, and it is for the galley only.' },
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);

    // Refused changes change nothing.
    expect((await details({}, crew, sop.id)).statusCode).toBe(403);
    const backwards = await details({ expiresAt: daysFromToday(10) }, admin, sop.id);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'expiresAt' });
    expect((await details({ departmentIds: [999_999] }, admin, sop.id)).json()).toMatchObject({ message: 'No such department', field: 'departmentIds' });
    expect((await details({}, admin, 999_999)).statusCode).toBe(404);
    const plainSop = await t.as(admin, { method: 'POST', url: '/api/sops', payload: { title: 'Not a circular', departmentId: deck, content: 'Text' } });
    expect((await details({}, admin, plainSop.json().id)).statusCode).toBe(404);
    expect((await register()).find((c) => c.id === sop.id)).toMatchObject({ dueDate: daysFromToday(3), departments: [] });

    const changed = await details({}, admin, sop.id);
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await register()).find((c) => c.id === sop.id)).toMatchObject({
      dueDate: daysFromToday(20),
      expiresAt: daysFromToday(90),
      vesselCodes: ['AURORA'],
      departments: [{ id: galley, name: 'Galley' }],
    });
    const history = await t.as(admin, { method: 'GET', url: `/api/sops/${sop.id}/history` });
    expect(history.body).toContain('circular_details_changed');

    // Issued, its readers have their due day: the details stay.
    const resubmitted = await t.as(admin, {
      method: 'POST',
      url: `/api/sops/${sop.id}/versions`,
      payload: { versionNumber: '1.1', content: 'Check the provision stores.' },
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(201);
    const again = await t.as(admin, { method: 'POST', url: `/api/sops/${sop.id}/submit`, payload: {} });
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${again.json().taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    expect((await readingOf(t, cook)).outstanding.find((i) => i.sopId === sop.id)).toMatchObject({ dueDate: daysFromToday(20) });
    const issued = await details({ dueDate: daysFromToday(40) }, admin, sop.id);
    expect(issued.statusCode).toBe(409);
    expect(issued.json()).toMatchObject({ code: 'stale_version' });
    expect((await register()).find((c) => c.id === sop.id)).toMatchObject({ dueDate: daysFromToday(20) });
  });
});
