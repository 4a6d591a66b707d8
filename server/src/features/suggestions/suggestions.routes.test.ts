import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../../../common/contracts/dashboard';
import type { SopDetail } from '../../../../common/contracts/sops';
import type { Suggestion } from '../../../../common/contracts/suggestions';
import { auditEvents, jobs, sopVersions, suggestions, users, vessels } from '../../db/schema';
import { signIn } from '../../test/factories';
import { TEST_PASSWORD } from '../../test/builders';
import { buildDepartment, crewOf, type TestUser } from '../../test/factories';
import { approveLatest, notificationsOf, placeIn, publishedSop } from '../../test/reading';
import { MAIL_JOB } from '../mail/mailer.service';

/** Suggestions for change (decision 079): made on a version in force, triaged, taken up in the next version, done when it is in force. */
const { t, admin, approver, owner, crew, cook, outsider } = await crewOf(
  {
    admin: 'admin',
    approver: 'approver',
    owner: { role: 'user', firstName: 'Olivia', lastName: 'Owner' },
    crew: { role: 'user', firstName: 'Cruz', lastName: 'Deck', email: 'cruz@fleet.example' },
    cook: { role: 'user', firstName: 'Coco', lastName: 'Galley' },
    outsider: { role: 'user', firstName: 'Otto', lastName: 'Outside' },
  },
  { jobs: 'manual', mail: { url: 'smtp://127.0.0.1:1', from: 'SOP Harbor <harbor@fleet.example>' }, publicUrl: 'https://sop.fleet.example' },
);
const deck = (await buildDepartment(t.db, 'Deck')).id;
await placeIn(t, admin, deck, owner, crew, cook, outsider);
// Cruz reads mail in Spanish.
await t.db.update(users).set({ language: 'es' }).where(eq(users.id, crew.id));
await t.db.insert(vessels).values({ code: 'AURORA', name: 'Aurora Star' });
const res = await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${cook.id}`, payload: { vesselCodes: ['AURORA'] } });
expect(res.statusCode, res.body).toBe(200);

const mooring = await publishedSop(t, owner, approver, deck, 'Mooring lines');
const anchoring = await publishedSop(t, owner, approver, deck, 'Anchoring');

const suggest = (who: TestUser, sopId: number, payload: unknown) =>
  t.as(who, { method: 'POST', url: `/api/sops/${sopId}/suggestions`, payload: payload as object });
async function made(who: TestUser, sopId: number, text: string, section?: string) {
  const answer = await suggest(who, sopId, { text, section });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as Suggestion;
}
const triage = (who: TestUser, id: number, payload: unknown) => t.as(who, { method: 'PUT', url: `/api/suggestions/${id}`, payload: payload as object });
async function listed(who: TestUser, query = '') {
  const answer = await t.as(who, { method: 'GET', url: `/api/suggestions${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Suggestion[];
}
const tally = async () => (await t.db.select({ n: count() }).from(suggestions))[0].n;
const changelogOf = async (versionId: number) =>
  (await t.db.select({ changelog: sopVersions.changelog }).from(sopVersions).where(eq(sopVersions.id, versionId)))[0].changelog;
const mailTo = async (address: string) =>
  (await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, MAIL_JOB)).orderBy(jobs.id))
    .map((j) => j.payload as { to: string; subject: string; text: string })
    .filter((m) => m.to === address);

describe('making a suggestion', () => {
  it('is open to anyone who reads the version in force, recorded on that version and audited', async () => {
    const s = await made(crew, mooring.id, 'Add a step: check the winch brake before heaving.', 'p. 2, 3.1 Heaving');
    expect(s).toMatchObject({
      sopId: mooring.id,
      sopTitle: 'Mooring lines',
      versionNumber: '1.0',
      section: 'p. 2, 3.1 Heaving',
      status: 'open',
      reply: null,
      suggestedBy: 'Cruz Deck',
      vesselCode: null,
      linkedVersionNumber: null,
      canTriage: false,
    });
    const [stored] = await t.db.select().from(suggestions).where(eq(suggestions.id, s.id));
    expect(stored.versionId).toBe(mooring.versionId);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'suggestion_made'));
    expect(events).toEqual([expect.objectContaining({ actorId: crew.id, entityId: mooring.id })]);
  });

  it('refuses hostile or impossible input with a 400 naming the field, and changes nothing', async () => {
    const before = await tally();
    const cases: [unknown, string][] = [
      [{}, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: 'nul\u0000byte' }, 'text'],
      [{ text: 'x'.repeat(4001) }, 'text'],
      [{ text: 'Fine', section: 'y'.repeat(201) }, 'section'],
      [{ text: 'Fine', section: 'two\nlines' }, 'section'],
      [{ text: 42 }, 'text'],
    ];
    for (const [payload, field] of cases) {
      const answer = await suggest(crew, mooring.id, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().field, JSON.stringify(payload)).toBe(field);
    }
    expect((await suggest(crew, mooring.id, { text: 'x'.repeat(4000) })).statusCode).toBe(201);
    expect((await t.as(crew, { method: 'POST', url: '/api/sops/abc/suggestions', payload: { text: 'Fine' } })).statusCode).toBe(400);
    expect((await suggest(crew, 999_999, { text: 'Fine' })).statusCode).toBe(404);
    expect(await tally()).toBe(before + 1);
    await t.db.delete(suggestions).where(sql`length(${suggestions.text}) = 4000`);
  });

  it('is 404 on an SOP the reader may not see, and 409 on one with no version in force', async () => {
    const draft = (
      await t.as(owner, { method: 'POST', url: '/api/sops', payload: { title: 'Draft only', content: 'Steps', departmentId: deck } })
    ).json() as SopDetail;
    expect((await suggest(crew, draft.id, { text: 'Too early' })).statusCode).toBe(404);
    const own = await suggest(owner, draft.id, { text: 'Too early' });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('not_published');
  });

  it('is made on board a ship’s copy, marked with the vessel; triage there is refused as the office’s', async () => {
    const ship = (await t.anotherInstance({ instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:1' } })).app;
    const cookie = await signIn(ship, cook.username, TEST_PASSWORD);
    const onBoard = await ship.inject({
      method: 'POST',
      url: `/api/sops/${anchoring.id}/suggestions`,
      headers: { cookie },
      payload: { text: 'Mark the cable every shackle.' },
    });
    expect(onBoard.statusCode, onBoard.body).toBe(201);
    expect(onBoard.json()).toMatchObject({ vesselCode: 'AURORA', suggestedBy: 'Coco Galley', canTriage: false });
    const adminOnBoard = await signIn(ship, admin.username, TEST_PASSWORD);
    const refused = await ship.inject({
      method: 'PUT',
      url: `/api/suggestions/${onBoard.json().id}`,
      headers: { cookie: adminOnBoard },
      payload: { status: 'accepted' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('office_only');
    expect((await listed(approver, '?vessel=AURORA')).map((s) => s.text)).toEqual(['Mark the cable every shackle.']);
  });
});

describe('triage', () => {
  it('is the owner’s, an approver’s or an admin’s; the suggester may not, and someone who cannot see it gets 404', async () => {
    const s = await made(crew, anchoring.id, 'Say which windlass brake to use.');
    expect((await triage(crew, s.id, { status: 'accepted' })).statusCode).toBe(403);
    expect((await triage(outsider, s.id, { status: 'accepted' })).statusCode).toBe(404);
    expect((await triage(crew, 999_999, { status: 'accepted' })).statusCode).toBe(404);
    expect((await triage(owner, s.id, { status: 'nonsense' })).statusCode).toBe(400);
    const noReply = await triage(owner, s.id, { status: 'declined' });
    expect(noReply.statusCode).toBe(400);
    expect(noReply.json()).toMatchObject({ field: 'reply', message: 'A declined suggestion needs a reply' });
    expect((await listed(owner, `?sopId=${anchoring.id}&status=open`)).map((x) => x.id)).toContain(s.id);
    const declined = await triage(owner, s.id, { status: 'declined', reply: 'The windlass has one brake only.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', reply: 'The windlass has one brake only.', triagedBy: 'Olivia Owner', canTriage: true });
    const done = await triage(approver, s.id, { status: 'done', reply: 'Handled in the toolbox talk.' });
    expect(done.statusCode, done.body).toBe(200);
    const again = await triage(admin, s.id, { status: 'accepted' });
    expect(again.statusCode).toBe(409);
    expect((await listed(crew)).find((x) => x.id === s.id)).toMatchObject({ status: 'done', reply: 'Handled in the toolbox talk.', canTriage: false });
  });

  it('tells the suggester in the bell and by mail, in their language', async () => {
    const s = await made(crew, mooring.id, 'Use the new heaving line knot.');
    expect((await notificationsOf(t, owner)).items).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'suggestion', sopId: mooring.id })]));
    const before = (await mailTo('cruz@fleet.example')).length;
    expect((await triage(owner, s.id, { status: 'declined', reply: 'We keep the bowline.' })).statusCode).toBe(200);
    expect((await notificationsOf(t, crew)).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'suggestion_answered', sopId: mooring.id, title: 'Mooring lines' })]),
    );
    const mail = (await mailTo('cruz@fleet.example')).slice(before);
    expect(mail).toEqual([
      expect.objectContaining({ subject: 'Su sugerencia fue rechazada: Mooring lines', text: expect.stringContaining('Respuesta: We keep the bowline.') }),
    ]);
    expect(mail[0].text).toContain('https://sop.fleet.example/suggestions');
  });
});

describe('an accepted suggestion', () => {
  it('is taken up in the next version drafted, listed in its changelog, and done when that version is in force', async () => {
    const s = await made(crew, mooring.id, 'Add a step: check the winch brake.', '3.1');
    const accepted = await triage(owner, s.id, { status: 'accepted', reply: 'Good point, next revision.' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', linkedVersionNumber: null });

    const drafted = await t.as(owner, {
      method: 'POST',
      url: `/api/sops/${mooring.id}/versions`,
      payload: { versionNumber: '1.1', content: 'Revised mooring steps', changelog: 'Winch checks.' },
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const v11 = (drafted.json() as { id: number }).id;
    expect(await changelogOf(v11)).toBe(`Winch checks.\nSuggestion ${s.id} (3.1): Add a step: check the winch brake.`);
    expect((await listed(crew)).find((x) => x.id === s.id)).toMatchObject({ linkedVersionNumber: '1.1' });

    // Accepted while the draft is being written: taken up in it at once; declined again: its line goes.
    const second = await made(cook, mooring.id, 'Name the mooring party.');
    expect((await triage(approver, second.id, { status: 'accepted' })).json()).toMatchObject({ linkedVersionNumber: '1.1' });
    expect(await changelogOf(v11)).toContain(`Suggestion ${second.id}: Name the mooring party.`);
    expect((await triage(approver, second.id, { status: 'declined', reply: 'The master names it.' })).json()).toMatchObject({ linkedVersionNumber: null });
    expect(await changelogOf(v11)).not.toContain(`Suggestion ${second.id}`);

    const before = (await mailTo('cruz@fleet.example')).length;
    await approveLatest(t, owner, approver, mooring.id);
    expect((await listed(crew)).find((x) => x.id === s.id)).toMatchObject({ status: 'done', linkedVersionNumber: '1.1' });
    // Besides the new reading the version in force brings.
    expect((await mailTo('cruz@fleet.example')).slice(before).map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Su sugerencia está aplicada: Mooring lines', 'Nueva lectura obligatoria: Mooring lines']),
    );
  });
});

describe('the list', () => {
  it('shows a plain user their own, an owner those on their SOPs, approvers and admins all; filters; CSV in English', async () => {
    const mine = await listed(crew);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.suggestedBy === 'Cruz Deck')).toBe(true);
    expect(await listed(outsider)).toEqual([]);
    const all = await listed(admin);
    expect((await listed(owner)).length).toBe(all.length);
    expect(all.some((s) => s.vesselCode === 'AURORA')).toBe(true);
    expect((await listed(admin, '?status=done')).every((s) => s.status === 'done')).toBe(true);
    expect((await listed(admin, `?sopId=${anchoring.id}`)).every((s) => s.sopId === anchoring.id)).toBe(true);
    expect((await t.as(admin, { method: 'GET', url: '/api/suggestions?status=bogus' })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: '/api/suggestions?vessel=not%20a%20code' })).statusCode).toBe(400);
    const csv = await t.as(admin, { method: 'GET', url: '/api/suggestions.csv?status=open' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('Id,SOP,Version read,Section,Suggestion,Status,Reply,Suggested by,Vessel');
  });

  it('is counted on the dashboard: open ones to answer for the triager, one’s own open ones for crew', async () => {
    const open = (await listed(admin, '?status=open')).length;
    const stats = async (who: TestUser) => (await t.as(who, { method: 'GET', url: '/api/dashboard/stats' })).json() as DashboardStats;
    expect((await stats(admin)).openSuggestions).toBe(open);
    expect((await stats(owner)).openSuggestions).toBe(open);
    expect((await stats(outsider)).openSuggestions).toBe(0);
    expect((await stats(cook)).mySuggestions).toBe((await listed(cook, '?status=open')).length);
  });
});
