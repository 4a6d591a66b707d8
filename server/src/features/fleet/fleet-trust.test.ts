import { headers as natsHeaders, connect } from '@nats-io/transport-node';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { REPLICATED_COLUMNS, SHIP_SETTING_KEYS } from '../../../../common/contracts/fleet-messages';
import { languageName } from '../../../../common/translation-rules';
import type { FleetVessel, SetAsideMessage } from '../../../../common/contracts/fleet';
import type { Rows } from '../../db/rows';
import {
  attestations,
  auditEvents,
  circularAcknowledgements,
  fleetOutbox,
  masterReviewFindings,
  masterReviews,
  reviewTemplate,
  suggestions,
  vessels,
} from '../../db/schema';
import { reviewDigest } from '../reviews/reviews.service';
import { versionDigest } from '../signatures/version-digest.service';
import { createSopAs } from '../../test/client';
import { makePdf, pdfPageTexts } from '../../test/documents';
import { buildDepartment, signIn, TEST_PASSWORD } from '../../test/factories';
import { HEADER, helloSubject, officeSubject, shipSubject } from './messages.helper';
import { addShip, eventually, officeDesk, type Ship, signInOnBoard, startFleet } from '../../test/fleet/fleet-harness';

/**
 * What the office believes of a ship: every message is a contract, checked against what the
 * office sent that vessel, and one that cannot be taken is set aside for that vessel alone.
 * The forged messages are published on AURORA's own NATS server, on its own subject, as a
 * ship's software (or someone on board) could.
 */
const fleet = await startFleet('AURORA');
const { office, ship: aurora } = fleet;
const admin = await office.signedInUser('admin');
const approver = await office.signedInUser('approver');
const author = await office.signedInUser('user');
const crew = await office.signedInUser('user', { firstName: 'Konstantinos', lastName: 'Papadopoulos-Andersson', email: 'konstantinos@example.com' });
/** Whether `query` finds a row. */
const any = async (db: typeof office.db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<unknown>).rows.length > 0;
const deck = (await buildDepartment(office.db, 'Deck')).id;
const engine = (await buildDepartment(office.db, 'Engine')).id;
const desk = officeDesk(office, { author, approver, departmentId: deck });

for (const [code, name] of [
  ['AURORA', 'Aurora Star'],
  ['BOREALIS', 'Borealis Sun'],
  ['CALYPSO', 'Calypso Sea'],
]) {
  expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code, name } })).statusCode).toBe(201);
}
const borealis = await addShip(fleet, 'BOREALIS');
const patchUser = async (id: number, payload: object) => {
  const res = await office.as(admin, { method: 'PATCH', url: `/api/admin/users/${id}`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
await patchUser(crew.id, { departmentId: deck });
const onlyBorealis = await office.signedInUser('user', { firstName: 'Olena', lastName: 'Shevchenko' });
await patchUser(onlyBorealis.id, { vesselCodes: ['BOREALIS'] });

const garbage = await desk.publishWithFile('Garbage Management Plan', await makePdf('Garbage Management Plan'), {
  name: 'garbage.pdf',
  type: 'application/pdf',
});
const versionId = garbage.sop.latestVersionId!;
const onBoard = (ship: Ship, id: number) =>
  eventually(async () => await any(ship.database.db, sql`select 1 from attachments where version_id = ${id}`), 30_000);
await onBoard(aurora, versionId);
await onBoard(borealis, versionId);

const officeAttestation = (userId: number, id: number) =>
  office.db
    .select()
    .from(attestations)
    .where(and(eq(attestations.userId, userId), eq(attestations.versionId, id)));
const fleetVessel = async (code: string) =>
  ((await office.as(admin, { method: 'GET', url: '/api/fleet/vessels' })).json() as FleetVessel[]).find((v) => v.code === code)!;
const refusals = async () =>
  // In the order they were recorded: PostgreSQL answers rows in no particular order without one.
  (await office.db.select().from(auditEvents).where(eq(auditEvents.action, 'fleet_message_refused')).orderBy(auditEvents.id)).map(
    (e) => e.metadata as { vessel: string; reason: string },
  );

/**
 * Takes the next number of AURORA's sequence on board (so the ship's own next message follows it)
 * and publishes `body` with it. The ship's planner numbers its messages with the vessel row
 * locked, so the number is taken under that lock, once everything numbered before it is in the
 * ship's stream, and published before the lock is let go: the forged message is then in the
 * stream in its place, after every earlier one and before any later one.
 */
async function forge(body: string | object, opts: { schema?: number; skip?: number } = {}): Promise<number> {
  const nc = await connect({ servers: aurora.nats.url });
  try {
    return await eventually(() =>
      aurora.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from vessels where code = 'AURORA' for update`);
        const [{ next, unsent }] = (
          (await tx.execute(sql`select coalesce(max(seq), 0)::bigint + 1 as next, count(*) filter (where sent_at is null)::int as unsent
            from fleet_outbox where vessel_code = 'AURORA'`)) as unknown as Rows<{ next: string; unsent: number }>
        ).rows;
        if (unsent > 0) return undefined;
        const seq = Number(next) + (opts.skip ?? 0);
        if (!opts.skip) await tx.insert(fleetOutbox).values({ vesselCode: 'AURORA', seq, payload: {}, sentAt: new Date() });
        const h = natsHeaders();
        h.set(HEADER.origin, 'ship:AURORA');
        h.set(HEADER.seq, String(seq));
        h.set(HEADER.schema, String(opts.schema ?? 2));
        nc.publish(shipSubject('AURORA'), typeof body === 'string' ? body : JSON.stringify(body), { headers: h });
        await nc.flush();
        return seq;
      }),
    );
  } finally {
    await nc.close();
  }
}
const appliedAshore = (seq: number) =>
  eventually(
    async () =>
      Number(((await office.db.execute(sql`select seq from fleet_applied where origin = 'ship:AURORA'`)) as unknown as Rows<{ seq: string }>).rows[0]?.seq) >=
      seq,
    30_000,
  );

async function attestOnBoard(ship: Ship, user: { username: string }, id: number, payload?: object) {
  const cookie = await signIn(ship.app, user.username, TEST_PASSWORD);
  const res = await ship.app.inject({ method: 'POST', url: `/api/sop-versions/${id}/attestations`, headers: { cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(201);
}

describe('messages are contracts, set aside per vessel', { timeout: 90_000 }, () => {
  it('sets aside a malformed and an unknown-schema message from one ship; its later attestations and another ship keep reporting', async () => {
    await forge('plain text, not a message');
    await forge({ op: 'attestation', userId: 'nobody', versionId });
    await forge({ op: 'attestation', userId: crew.id, versionId, attestedAt: new Date().toISOString() }, { schema: 99 });
    // PostgreSQL cannot store NUL: such a text is refused by the contract, not by a failed insert.
    await forge({ op: 'suggestion', shipRef: 1, versionId, userId: crew.id, section: null, text: 'Add\u0000 a step', suggestedAt: new Date().toISOString() });
    // The same vessel's next genuine attestation, and another vessel's, count ashore.
    await attestOnBoard(aurora, crew, versionId);
    await attestOnBoard(borealis, author, versionId);
    await eventually(
      async () => (await officeAttestation(crew.id, versionId)).length === 1 && (await officeAttestation(author.id, versionId)).length === 1,
      30_000,
    );
    expect((await officeAttestation(crew.id, versionId))[0].vesselCode).toBe('AURORA');
    expect((await officeAttestation(author.id, versionId))[0].vesselCode).toBe('BOREALIS');

    const vessel = await fleetVessel('AURORA');
    expect(vessel.setAside).toBe(4);
    expect(vessel.problem).toBe('4 messages from the ship set aside ashore (the first: The message is not JSON.). An admin retries or discards them.');
    expect((await fleetVessel('BOREALIS')).problem).toBeNull();
    const list = (await office.as(admin, { method: 'GET', url: '/api/fleet/vessels/AURORA/set-aside' })).json() as SetAsideMessage[];
    expect(list.map((m) => m.reason)).toEqual([
      'The message is not JSON.',
      expect.stringContaining('does not fit its contract: userId'),
      expect.stringContaining('It is written for schema 99'),
      expect.stringContaining('does not fit its contract: text'),
    ]);
    // Only an admin sees and handles them.
    expect((await office.as(approver, { method: 'GET', url: '/api/fleet/vessels/AURORA/set-aside' })).statusCode).toBe(403);

    const retry = await office.as(admin, { method: 'POST', url: `/api/fleet/vessels/AURORA/set-aside/${list[2].id}/retry` });
    expect(retry.json()).toMatchObject({ outcome: 'set-aside', reason: expect.stringContaining('schema 99') });
    for (const m of list) {
      expect((await office.as(admin, { method: 'POST', url: `/api/fleet/vessels/AURORA/set-aside/${m.id}/discard` })).statusCode).toBe(204);
    }
    expect((await office.as(admin, { method: 'POST', url: `/api/fleet/vessels/AURORA/set-aside/${list[0].id}/discard` })).statusCode).toBe(409);
    expect(await fleetVessel('AURORA')).toMatchObject({ setAside: 0, problem: null });
    const handled = await office.db.select().from(auditEvents).where(eq(auditEvents.action, 'fleet_message_discarded'));
    expect(handled).toHaveLength(4);
  });
});

describe('the office checks what a ship says', { timeout: 90_000 }, () => {
  it('refuses and audits forged attestations: not assigned, outside the audience, another vessel’s version, a draft, dated before sending', async () => {
    const secret = await createSopAs(office, author, { departmentId: engine, title: 'Engine room secrets', isConfidential: true } as never);
    const limited = await desk.publish({ title: 'Borealis tender drill', vesselCodes: ['BOREALIS'] });
    const draft = await createSopAs(office, author, { departmentId: deck, title: 'Unapproved draft' });
    const now = new Date().toISOString();
    const before = (await refusals()).length;
    const cases = [
      { userId: onlyBorealis.id, versionId, attestedAt: now, reason: 'is not assigned to AURORA' },
      { userId: crew.id, versionId: limited.latestVersionId!, attestedAt: now, reason: 'was never sent to AURORA' },
      { userId: crew.id, versionId: draft.latestVersionId!, attestedAt: now, reason: 'was never sent to AURORA' },
      { userId: crew.id, versionId: secret.latestVersionId!, attestedAt: now, reason: 'was never sent to AURORA' },
      { userId: author.id, versionId, attestedAt: '2020-01-01T00:00:00.000Z', reason: 'before the version was sent to AURORA' },
      { userId: author.id, versionId, attestedAt: '2099-01-01T00:00:00.000Z', reason: 'in the future' },
    ];
    let last = 0;
    for (const c of cases) last = await forge({ op: 'attestation', userId: c.userId, versionId: c.versionId, attestedAt: c.attestedAt });
    await appliedAshore(last);
    const refused = (await refusals()).slice(before);
    expect(refused.map((r) => r.vessel)).toEqual(cases.map(() => 'AURORA'));
    for (const [i, c] of cases.entries()) expect(refused[i].reason).toContain(c.reason);
    for (const c of cases)
      expect(await officeAttestation(c.userId, c.versionId)).toEqual(c.userId === author.id ? [expect.objectContaining({ vesselCode: 'BOREALIS' })] : []);
  });

  it('refuses a person outside a confidential SOP’s audience, and a digest that is not the version’s', async () => {
    const confidential = await desk.publish({ title: 'Deck security plan' });
    await office.db.execute(sql`update sops set is_confidential = true where id = ${confidential.id}`);
    const [id] = (
      (await office.db.execute(sql`select max(id) as id from sop_versions where sop_id = ${confidential.id} and is_published`)) as unknown as Rows<{
        id: number;
      }>
    ).rows;
    await eventually(async () => await any(office.db, sql`select 1 from fleet_sent_versions where vessel_code = 'AURORA' and version_id = ${id.id}`), 30_000);
    const engineer = await office.signedInUser('user');
    await patchUser(engineer.id, { departmentId: engine });
    const now = new Date().toISOString();
    await forge({ op: 'attestation', userId: engineer.id, versionId: id.id, attestedAt: now });
    const seq = await forge({
      op: 'attestation',
      userId: crew.id,
      versionId: id.id,
      attestedAt: now,
      signatureMethod: 'password',
      contentSha256: 'a'.repeat(64),
    });
    await appliedAshore(seq);
    const reasons = (await refusals()).map((r) => r.reason);
    expect(reasons).toContainEqual(expect.stringContaining('is outside the audience of "Deck security plan"'));
    expect(reasons).toContainEqual(expect.stringContaining(`Its digest ${'a'.repeat(64)} is not that of version`));
    expect(await officeAttestation(engineer.id, id.id)).toEqual([]);
    expect(await officeAttestation(crew.id, id.id)).toEqual([]);
  });

  it('refuses an attestation said to be read in a language the version has no approved translation in', async () => {
    const sop = await desk.publish({ title: 'Gangway watch' });
    await eventually(
      async () => await any(office.db, sql`select 1 from fleet_sent_versions where vessel_code = 'AURORA' and version_id = ${sop.latestVersionId}`),
      30_000,
    );
    const seq = await forge({ op: 'attestation', userId: crew.id, versionId: sop.latestVersionId, attestedAt: new Date().toISOString(), language: 'uk' });
    await appliedAshore(seq);
    expect((await refusals()).map((r) => r.reason)).toContainEqual(`Version 1.0 of "Gangway watch" has no approved ${languageName('uk')} translation.`);
    expect(await officeAttestation(crew.id, sop.latestVersionId!)).toEqual([]);
  });

  it('takes a suggestion for change made on board once, with the vessel and the ship’s time; refuses and audits forged ones', async () => {
    // Genuine: made on board by a crew member on the version in force there, then answered ashore.
    const cookie = await signIn(aurora.app, crew.username, TEST_PASSWORD);
    const made = await aurora.app.inject({
      method: 'POST',
      url: `/api/sops/${garbage.sop.id}/suggestions`,
      headers: { cookie },
      payload: { text: 'Add the food waste comminuter to the plan.', section: '4.2 Food waste' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ vesselCode: 'AURORA', status: 'open' });
    const ashore = await eventually(async () => {
      const [row] = await office.db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.vesselCode, 'AURORA'), eq(suggestions.shipRef, made.json().id)));
      return row;
    }, 30_000);
    expect(ashore).toMatchObject({ sopId: garbage.sop.id, versionId, userId: crew.id, section: '4.2 Food waste', status: 'open' });
    expect(ashore.createdAt.toISOString()).toBe(made.json().createdAt);
    const answered = await office.as(approver, {
      method: 'PUT',
      url: `/api/suggestions/${ashore.id}`,
      payload: { status: 'accepted', reply: 'Next revision.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ vesselCode: 'AURORA', suggestedBy: 'Konstantinos Papadopoulos-Andersson', status: 'accepted' });
    const bell = (await office.as(crew, { method: 'GET', url: '/api/notifications' })).json() as { items: { kind: string; sopId: number }[] };
    expect(bell.items).toContainEqual(expect.objectContaining({ kind: 'suggestion_answered', sopId: garbage.sop.id }));
    // The answer travels back to AURORA alone, onto the suggestion by its id on board.
    const onBoardAnswer = await eventually(async () => {
      const [row] = await aurora.database.db.select().from(suggestions).where(eq(suggestions.id, made.json().id));
      return row?.status === 'accepted' && row;
    }, 30_000);
    expect(onBoardAnswer).toMatchObject({ reply: 'Next revision.', triagedBy: approver.id, vesselCode: 'AURORA' });
    const listedOnBoard = (await aurora.app.inject({ method: 'GET', url: '/api/suggestions', headers: { cookie } })).json() as { id: number; status: string }[];
    expect(listedOnBoard.find((g) => g.id === made.json().id)?.status).toBe('accepted');
    expect(await any(office.db, sql`select 1 from fleet_sent where vessel_code = 'BOREALIS' and kind = 'suggestion_answer'`)).toBe(false);
    expect(await any(office.db, sql`select 1 from fleet_sent where vessel_code = 'AURORA' and kind = 'suggestion_answer' and key = ${String(ashore.id)}`)).toBe(
      true,
    );

    // Forged: someone not on AURORA, a version never sent there (another vessel's), a person who does not exist, no text.
    const limited = await desk.publish({ title: 'Borealis lifeboat drill', vesselCodes: ['BOREALIS'] });
    const now = new Date().toISOString();
    const suggestion = (userId: number, id: number, shipRef: number) => ({
      op: 'suggestion',
      shipRef,
      versionId: id,
      userId,
      section: null,
      text: 'Forged',
      suggestedAt: now,
    });
    const before = (await refusals()).length;
    const cases = [
      { body: suggestion(onlyBorealis.id, versionId, 9001), reason: 'is not assigned to AURORA' },
      { body: suggestion(crew.id, limited.latestVersionId!, 9002), reason: 'was never sent to AURORA' },
      { body: suggestion(999_999, versionId, 9003), reason: 'User 999999 does not exist at the office.' },
    ];
    for (const c of cases) await forge(c.body);
    // Repeated with the same ship id (a ship restored from a backup sends it again): taken once.
    await forge(suggestion(crew.id, versionId, 9004));
    const seq = await forge(suggestion(crew.id, versionId, 9004));
    await appliedAshore(seq);
    const refused = (await refusals()).slice(before);
    expect(refused.map((r) => r.vessel)).toEqual(cases.map(() => 'AURORA'));
    for (const [i, c] of cases.entries()) expect(refused[i].reason).toContain(c.reason);
    const forged = await office.db.select().from(suggestions).where(eq(suggestions.text, 'Forged'));
    expect(forged).toEqual([expect.objectContaining({ userId: crew.id, shipRef: 9004, vesselCode: 'AURORA' })]);
  });

  it("refuses and audits forged master's reviews: a crew member, a master of another vessel, a digest not of its content, a future date; a genuine one is taken once", async () => {
    const [template] = await office.db.select().from(reviewTemplate);
    const sections = [{ title: 'Shipboard operations', questions: [{ text: 'Were the procedures followed?', answer: 'Yes.' }] }];
    const findings = [{ position: 1, text: 'Forged finding' }];
    const review = (userId: number, shipRef: number, over: object = {}) => ({
      op: 'master_review',
      shipRef,
      userId,
      templateAt: template.updatedAt.toISOString(),
      sections,
      findings,
      signedAt: new Date().toISOString(),
      signatureMethod: 'password',
      contentSha256: reviewDigest(sections, ['Forged finding']),
      ...over,
    });
    const borealisMaster = await office.signedInUser('approver', { firstName: 'Bo', lastName: 'Borealis' });
    await patchUser(borealisMaster.id, { vesselCodes: ['BOREALIS'] });
    const before = (await refusals()).length;
    const cases = [
      { body: review(crew.id, 7001), reason: "may not sign the master's review for AURORA" },
      { body: review(borealisMaster.id, 7002), reason: 'is not assigned to AURORA' },
      { body: review(approver.id, 7003, { contentSha256: 'a'.repeat(64) }), reason: 'is not that of the questions, answers and findings' },
      { body: review(approver.id, 7004, { signedAt: new Date(Date.now() + 3_600_000).toISOString() }), reason: 'in the future' },
      { body: review(approver.id, 7005, { templateAt: new Date(Date.now() + 3_600_000).toISOString() }), reason: 'a review template the office never had' },
    ];
    for (const c of cases) await forge(c.body);
    await forge(review(approver.id, 7006));
    const seq = await forge(review(approver.id, 7006));
    await appliedAshore(seq);
    const refused = (await refusals()).slice(before);
    expect(refused.map((r) => r.vessel)).toEqual(cases.map(() => 'AURORA'));
    for (const [i, c] of cases.entries()) expect(refused[i].reason).toContain(c.reason);
    const taken = await office.db.select().from(masterReviews).where(eq(masterReviews.vesselCode, 'AURORA'));
    expect(taken).toEqual([expect.objectContaining({ shipRef: 7006, signedBy: approver.id, status: 'signed' })]);
    expect(await office.db.select().from(masterReviewFindings).where(eq(masterReviewFindings.reviewId, taken[0].id))).toHaveLength(1);
  });

  it('refuses forged acknowledgements of a circular: a crew member, a master of another vessel, an SOP that is no circular, a circular never sent there', async () => {
    const issue = async (title: string, vesselCodes: string[]) => {
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const made = await office.as(admin, {
        method: 'POST',
        url: '/api/circulars',
        payload: { title, content: 'Read and act.', vesselCodes, departmentIds: [], dueDate: day(5), expiresAt: day(30) },
      });
      expect(made.statusCode, made.body).toBe(201);
      const submitted = await office.as(admin, { method: 'POST', url: `/api/sops/${made.json().id}/submit`, payload: {} });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const decided = await office.as(approver, { method: 'PUT', url: `/api/approvals/${submitted.json().taskId}`, payload: { status: 'approved' } });
      expect(decided.statusCode, decided.body).toBe(200);
      return made.json() as { id: number; latestVersionId: number };
    };
    const forAurora = await issue('Fleet circular: lifeboat hooks', ['AURORA']);
    const forBorealis = await issue('Fleet circular: Borealis tender', ['BOREALIS']);
    await eventually(
      async () => await any(office.db, sql`select 1 from fleet_sent_versions where vessel_code = 'AURORA' and version_id = ${forAurora.latestVersionId}`),
      30_000,
    );
    const borealisMaster = await office.signedInUser('approver', { firstName: 'Bjørn', lastName: 'Borealis' });
    await patchUser(borealisMaster.id, { vesselCodes: ['BOREALIS'] });
    const now = new Date().toISOString();
    const before = (await refusals()).length;
    const cases = [
      { userId: crew.id, versionId: forAurora.latestVersionId, reason: `User ${crew.id} may not acknowledge circulars for AURORA.` },
      { userId: borealisMaster.id, versionId: forAurora.latestVersionId, reason: `User ${borealisMaster.id} is not assigned to AURORA.` },
      { userId: approver.id, versionId, reason: '"Garbage Management Plan" is not a circular.' },
      { userId: approver.id, versionId: forBorealis.latestVersionId, reason: 'was never sent to AURORA' },
    ];
    for (const c of cases) await forge({ op: 'vessel_acknowledgement', userId: c.userId, versionId: c.versionId, acknowledgedAt: now }, { schema: 4 });
    // The office's own approver, assigned to every vessel, acknowledging what was sent: taken.
    const genuine = await forge(
      { op: 'vessel_acknowledgement', userId: approver.id, versionId: forAurora.latestVersionId, acknowledgedAt: now },
      { schema: 4 },
    );
    await appliedAshore(genuine);
    const refused = (await refusals()).slice(before);
    expect(refused.map((r) => r.vessel)).toEqual(cases.map(() => 'AURORA'));
    for (const [i, c] of cases.entries()) expect(refused[i].reason).toContain(c.reason);
    const acknowledged = await office.db.select().from(circularAcknowledgements);
    expect(acknowledged.map((k) => [k.sopId, k.vesselCode, k.userId])).toEqual([[forAurora.id, 'AURORA', approver.id]]);
  });

  it('holds a sequence jump and reports it instead of skipping over, and a later genuine message still counts', async () => {
    const jumped = await forge({ op: 'receipt', versionId, receivedAt: new Date().toISOString() }, { skip: 98 });
    await eventually(async () => (await fleetVessel('AURORA')).setAside === 1, 30_000);
    const [held] = (await office.as(admin, { method: 'GET', url: '/api/fleet/vessels/AURORA/set-aside' })).json() as SetAsideMessage[];
    expect(held).toMatchObject({ seq: jumped, reason: expect.stringMatching(/^Sequence gap: message \d+ arrived when \d+ was expected\.$/) });
    const retry = await office.as(admin, { method: 'POST', url: `/api/fleet/vessels/AURORA/set-aside/${held.id}/retry` });
    expect(retry.json()).toMatchObject({ outcome: 'set-aside', reason: expect.stringContaining('still waits for') });
    const news = await desk.publish({ title: 'Bunkering checklist' });
    await eventually(async () => await any(aurora.database.db, sql`select 1 from sops where id = ${news.id}`), 30_000);
    await attestOnBoard(aurora, crew, news.latestVersionId!);
    await eventually(async () => (await officeAttestation(crew.id, news.latestVersionId!)).length === 1, 30_000);
    expect((await fleetVessel('AURORA')).setAside).toBe(1);
  });

  it('takes the vessel of a hello from its subject, never from its body', async () => {
    const nc = await connect({ servers: aurora.nats.url });
    try {
      await nc.request(helloSubject('AURORA'), JSON.stringify({ vessel: 'CALYPSO', chunks: 0 }), { timeout: 10_000 });
    } finally {
      await nc.close();
    }
    const [calypso] = await office.db.select().from(vessels).where(eq(vessels.code, 'CALYPSO'));
    expect(calypso.lastContactAt).toBeNull();
  });
});

describe('signatures cross the link whole', { timeout: 90_000 }, () => {
  it('an attestation signed on board with the password is on the version’s signature page ashore, with its method and digest', async () => {
    expect((await office.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: true } })).statusCode).toBe(200);
    // The setting is this test's own: put back whatever happens, so the next tests decide without a proof.
    onTestFinished(async () => {
      await office.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: false } });
    });
    await eventually(
      async () => await any(aurora.database.db, sql`select 1 from app_settings where key = 'require_signatures' and value = 'true'::jsonb`),
      30_000,
    );
    const signer = await office.signedInUser('user', { firstName: 'Rita', lastName: 'Moreira' });
    const signerCookie = await signInOnBoard({ app: aurora.app, db: aurora.database.db }, signer);
    const read = await aurora.app.inject({
      method: 'POST',
      url: `/api/sop-versions/${versionId}/reads`,
      headers: { cookie: signerCookie },
      payload: { attachmentId: garbage.attachment.id },
    });
    expect(read.statusCode, read.body).toBe(201);
    const attested = await aurora.app.inject({
      method: 'POST',
      url: `/api/sop-versions/${versionId}/attestations`,
      headers: { cookie: signerCookie },
      payload: { signature: { password: TEST_PASSWORD } },
    });
    expect(attested.statusCode, attested.body).toBe(201);
    const [row] = await eventually(async () => {
      const rows = await officeAttestation(signer.id, versionId);
      return rows.length ? rows : undefined;
    }, 30_000);
    const digest = await versionDigest(office.db, versionId);
    expect(row).toMatchObject({ vesselCode: 'AURORA', signatureMethod: 'password', contentSha256: digest, unopenedFiles: 0 });
    expect(row.files).toEqual([expect.objectContaining({ attachmentId: garbage.attachment.id, openedAt: expect.any(String) })]);
    expect(row.readingSeconds).toBeGreaterThanOrEqual(0);
    const copy = await office.as(crew, { method: 'GET', url: `/api/attachments/${garbage.attachment.id}/controlled-copy` });
    expect(copy.statusCode).toBe(200);
    const page = (await pdfPageTexts(copy.rawPayload)).filter((text) => text.includes('Electronic signatures')).join('\n');
    expect(page).toContain('Rita Moreira');
    expect(page).toContain('Meaning: Read and understood');
    expect(page).toContain(`SHA-256 of the signed version: ${digest}`);
    const history = (await office.as(admin, { method: 'GET', url: `/api/sops/${garbage.sop.id}/history` })).json() as {
      action: string;
      actor: { firstName: string; lastName: string };
      signature: { meaning: string; method: string; sha256: string } | null;
    }[];
    expect(history.find((e) => e.action === 'sop_attested' && e.actor.lastName === 'Moreira')?.signature).toEqual({
      meaning: 'read_and_understood',
      stepName: null,
      method: 'password',
      sha256: digest,
    });
    const [audit] = await office.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sop_attested'), eq(auditEvents.actorId, signer.id)));
    expect(audit.metadata).toMatchObject({ vessel: 'AURORA', signatureMethod: 'password', sha256: digest });
  });
});

describe('a ship holds only what it needs', { timeout: 90_000 }, () => {
  it('signs in on board only people assigned to that vessel; others are names without a password hash', async () => {
    await signInOnBoard({ app: borealis.app, db: borealis.database.db }, onlyBorealis);
    const [row] = ((await aurora.database.db.execute(sql`select password from users where id = ${onlyBorealis.id}`)) as unknown as Rows<{ password: string }>)
      .rows;
    expect(row.password).toBe('!');
    await expect(signIn(aurora.app, onlyBorealis.username, TEST_PASSWORD)).rejects.toThrow();
  });

  it('holds no column outside the allow-lists, and only the settings a ship needs', async () => {
    // The office has values in columns that must stay ashore.
    await office.db.execute(sql`update users set profile_image_url = 'https://example.com/me.png' where id = ${crew.id}`);
    await office.db.execute(sql`update departments set approval_route = '[]'::jsonb, description = 'Deck department' where id = ${deck}`);
    await eventually(async () => await any(aurora.database.db, sql`select 1 from departments where description = 'Deck department'`), 30_000);
    // Columns made on board from what was received (search text, preview state) are the ship's own.
    const madeOnBoard: Record<string, string[]> = {
      sops: ['search_vector'],
      attachments: ['preview_status', 'html_status', 'text_status'],
      sop_translations: ['search_vector'],
    };
    const db = aurora.database.db;
    const outside: string[] = [];
    for (const [table, allowed] of Object.entries(REPLICATED_COLUMNS)) {
      const { rows } = (await db.execute(sql`select column_name, is_nullable from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`)) as unknown as Rows<{ column_name: string; is_nullable: string }>;
      for (const { column_name, is_nullable } of rows) {
        if ((allowed as readonly string[]).includes(column_name) || madeOnBoard[table]?.includes(column_name) || is_nullable !== 'YES') continue;
        const { rows: held } = (await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column_name)} is not null`,
        )) as unknown as Rows<{ n: number }>;
        if (held[0].n > 0) outside.push(`${table}.${column_name}`);
      }
    }
    expect(outside).toEqual([]);
    const { rows: settings } = (await db.execute(sql`select key from app_settings`)) as unknown as Rows<{ key: string }>;
    // Its own cookie-signing secret is made on board, never sent.
    for (const { key } of settings) expect([...SHIP_SETTING_KEYS, 'session_secret']).toContain(key);
    const { rows: emails } = (await db.execute(sql`select email from users where email is not null`)) as unknown as Rows<unknown>;
    expect(emails).toEqual([]);
  });
});

describe('office records keep their order on board', { timeout: 90_000 }, () => {
  it('holds a ship at a record it cannot apply, says so on board and on the Fleet page, and applies nothing after it', async () => {
    // The office's next number for BOREALIS, taken here so that its own next message follows the broken one.
    const [{ next }] = (
      (await office.db.execute(sql`insert into fleet_outbox (vessel_code, seq, payload, sent_at)
        select 'BOREALIS', coalesce(max(seq), 0) + 1, '{}'::jsonb, now() from fleet_outbox where vessel_code = 'BOREALIS' returning seq as next`)) as unknown as Rows<{
        next: string;
      }>
    ).rows;
    const nc = await connect({ servers: fleet.hub.url });
    try {
      const h = natsHeaders();
      h.set(HEADER.origin, 'office');
      h.set(HEADER.seq, String(next));
      h.set(HEADER.schema, '2');
      await nc.publish(officeSubject('BOREALIS'), JSON.stringify({ op: 'upsert', kind: 'user', key: '1', row: { id: 'not a number' } }), { headers: h });
      await nc.flush();
    } finally {
      await nc.close();
    }
    const problem = await eventually(async () => borealis.link.problem(), 30_000);
    expect(problem).toMatch(new RegExp(`^A message from the office \\(number ${next}\\) does not fit its contract: row.id: Invalid input: expected number`));
    await eventually(async () => (await fleetVessel('BOREALIS')).problem === `On board: ${problem}`, 30_000);
    // The office's next record for BOREALIS waits behind it.
    const later = await desk.publish({ title: 'Held behind the broken record' });
    await eventually(
      async () => any(office.db, sql`select 1 from fleet_sent_versions where vessel_code = 'BOREALIS' and version_id = ${later.latestVersionId}`),
      30_000,
    );
    await eventually(async () => any(aurora.database.db, sql`select 1 from sops where id = ${later.id}`), 30_000);
    expect(await any(borealis.database.db, sql`select 1 from sops where id = ${later.id}`)).toBe(false);
  });
});
