import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InspectionPack, PACK_DIGEST_HEADER } from '../../../../common/contracts/inspection';
import type { App } from '../../app';
import { auditEvents, masterReviewFindings, masterReviews, users } from '../../db/schema';
import { pdfAttachments, pdfPageTexts } from '../../test/documents';
import { buildDepartment, crewOf, signIn, TEST_PASSWORD } from '../../test/factories';
import { createSopAs, getSop, submitSopAs } from '../../test/client';
import { attestAs } from '../../test/reading';
import { recordReceivedReview } from '../reviews/reviews.service';

// The office makes the pack from what the ship reported; a ship's app over the same database,
// with a NATS address nothing answers (its link down), makes its own from its own records.
const { t, admin, approver, crew, rajesh } = await crewOf({
  admin: 'admin',
  approver: { role: 'approver', firstName: 'Κωνσταντίνος', lastName: 'Παπαδόπουλος' },
  crew: { role: 'user', firstName: 'Олександр', lastName: 'Шевченко' },
  rajesh: { role: 'user', firstName: 'राजेश', lastName: 'कुमार' },
});
let ship: App;
const sopIds: Record<string, number> = {};

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

async function published(title: string, vesselCodes: string[] = []) {
  const departmentId = (await buildDepartment(t.db, `Deck ${title}`)).id;
  const sop = await createSopAs(t, admin, { departmentId, title, vesselCodes });
  await submitSopAs(t, admin, sop.id);
  const taskId = (await getSop(t, approver, sop.id)).pendingTaskId!;
  expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
  sopIds[title] = sop.id;
  return { ...(await getSop(t, admin, sop.id)), departmentId };
}

const onShip = async (who: { username: string } | null, url: string) => {
  const cookie = who ? await signIn(ship, who.username, TEST_PASSWORD) : undefined;
  return ship.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }) as Promise<LightMyRequestResponse>;
};

beforeAll(async () => {
  for (const [code, name] of [
    ['AURORA', 'Aurora Star'],
    ['NORD-2', 'Nordic Dawn'],
  ])
    expect((await t.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code, name } })).statusCode).toBe(201);
  const mooring = await published('Mooring stations');
  const tender = await published('Tender operations', ['AURORA']);
  await published('Ice navigation', ['NORD-2']);
  // Both crew read Deck's procedures on the Aurora; Олександр has read the mooring stations.
  await t.db
    .update(users)
    .set({ vesselCodes: ['AURORA'], departmentId: mooring.departmentId })
    .where(eq(users.id, crew.id));
  await t.db
    .update(users)
    .set({ vesselCodes: ['AURORA'], departmentId: tender.departmentId })
    .where(eq(users.id, rajesh.id));
  await attestAs(t, crew, mooring.effectiveVersionId!);
  // The Aurora's receipt of the mooring stations, as office-receive.service records it.
  await t.db.execute(
    sql`insert into vessel_documents (vessel_code, version_id, received_at) values ('AURORA', ${mooring.effectiveVersionId!}, '2026-11-20T08:00:00Z')`,
  );
  // The Aurora's last master's review as the office received it, one finding answered.
  await recordReceivedReview(t.db, 'AURORA', {
    shipRef: 1,
    userId: approver.id,
    templateAt: new Date().toISOString(),
    sections: [{ title: 'Emergency preparedness', questions: [{ text: 'Are drills held as planned?', answer: 'Yes, weekly.' }] }],
    findings: [
      { position: 1, text: 'The rescue boat davit needs a new wire' },
      { position: 2, text: 'Drill records are kept on paper only' },
    ],
    signedAt: new Date('2026-11-01T10:00:00Z'),
    signatureMethod: 'password',
    contentSha256: 'a'.repeat(64),
  });
  const [review] = await t.db.select().from(masterReviews).where(eq(masterReviews.vesselCode, 'AURORA'));
  const finding = (await t.db.select().from(masterReviewFindings).where(eq(masterReviewFindings.reviewId, review.id))).find((f) => f.position === 1)!;
  const answered = await t.as(approver, {
    method: 'PUT',
    url: `/api/reviews/${review.id}/findings/${finding.id}`,
    payload: { answer: 'accepted', action: 'Order the wire from the yard', dueOn: '2026-12-15' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  ship = (await t.anotherInstance({ instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:1' } })).app;
  // A suggestion made on board, still open.
  const cookie = await signIn(ship, crew.username, TEST_PASSWORD);
  const made = await ship.inject({
    method: 'POST',
    url: `/api/sops/${mooring.id}/suggestions`,
    headers: { cookie },
    payload: { text: 'Add the spring lines to the diagram', section: '2.1' },
  });
  expect(made.statusCode, made.body).toBe(201);
});

async function packJsonOf(res: LightMyRequestResponse): Promise<InspectionPack> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers[PACK_DIGEST_HEADER]).toBe(sha256(res.rawPayload));
  return JSON.parse(res.body);
}

describe('the inspection pack at the office', () => {
  it('gathers the master list as the ship reported it, reading per person, signatures, open suggestions, the audit check and last contact', async () => {
    const pack = await packJsonOf(await t.as(approver, { method: 'GET', url: '/api/fleet/vessels/AURORA/inspection-pack.json' }));
    expect(pack.vessel).toEqual({ code: 'AURORA', name: 'Aurora Star' });
    expect(pack.madeOn).toBe('office');
    expect(pack.documents.map((d) => [d.title, d.onBoard, d.receivedAt, d.state])).toEqual([
      ['Mooring stations', '1.0', '2026-11-20T08:00:00.000Z', 'current'],
      ['Tender operations', null, null, 'pending'],
    ]);
    const byName = Object.fromEntries(pack.reading.map((p) => [p.name, p]));
    expect(byName['Олександр Шевченко']).toMatchObject({ required: 1, done: 1, outstanding: 0 });
    expect(byName['राजेश कुमार']).toMatchObject({ required: 1, done: 0, outstanding: 1 });
    // The decisions approving the two versions in force for the Aurora; not the NORD-2's.
    expect(pack.signatures.map((s) => s.title).sort()).toEqual(['Mooring stations', 'Tender operations']);
    expect(pack.signatures[0].signer).toBe('Κωνσταντίνος Παπαδόπουλος');
    expect(pack.suggestions.map((g) => [g.title, g.section, g.text])).toEqual([['Mooring stations', '2.1', 'Add the spring lines to the diagram']]);
    expect(pack.audit).toMatchObject({ intact: true, firstBrokenId: null });
    expect(pack.audit.entries).toBeGreaterThan(5);
    expect(pack.link).toEqual({ lastContactAt: null, state: 'not_configured' });
    expect(pack.masterReview).toEqual({
      signedAt: '2026-11-01T10:00:00.000Z',
      signedBy: 'Κωνσταντίνος Παπαδόπουλος',
      findings: [
        { text: 'The rescue boat davit needs a new wire', answer: 'Accepted: Order the wire from the yard (due 2026-12-15)' },
        { text: 'Drill records are kept on paper only', answer: null },
      ],
    });
    // A vessel with none on record says so.
    expect((await packJsonOf(await t.as(approver, { method: 'GET', url: '/api/fleet/vessels/NORD-2/inspection-pack.json' }))).masterReview).toBeNull();
  });

  it('prints every section in the PDF with the counts of its data, the vessel and time on every page, and the digest of its embedded pack.json', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/fleet/vessels/AURORA/inspection-pack' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/inspection-pack-AURORA-.*\.pdf/);
    const digest = res.headers[PACK_DIGEST_HEADER] as string;
    const pdf = res.rawPayload;
    // The data the PDF was made of travels inside it; its SHA-256 is the one stated.
    const json = (await pdfAttachments(pdf))['pack.json'];
    expect(sha256(json)).toBe(digest);
    const pack: InspectionPack = JSON.parse(Buffer.from(json).toString('utf8'));
    const pages = await pdfPageTexts(pdf);
    const all = pages.join('\n');
    for (const [i, text] of pages.entries()) {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text).toContain('Inspection pack · Aurora Star (AURORA)');
    }
    for (const title of [
      'Summary',
      'Master list as held on board',
      'Required reading per person',
      'Signatures of the versions in force',
      'Open suggestions for change',
      "Last master's review",
      'Audit trail and link',
    ])
      expect(all).toContain(title);
    expect(all).toContain('Findings: 2 (answered 1, open 1)');
    expect(all).toContain('Accepted: Order the wire from the yard (due 2026-12-15)');
    expect(all).toContain(`Documents on the master list: ${pack.documents.length} (current 1, pending 1)`);
    expect(all).toContain(`People with required reading: ${pack.reading.length}; outstanding 1, overdue 0`);
    expect(all).toContain(`Signatures of the versions in force: ${pack.signatures.length}`);
    expect(all).toContain(`Open suggestions for change: ${pack.suggestions.length}`);
    expect(all).toContain(`intact, ${pack.audit.entries} entries`);
    for (const name of ['Олександр Шевченко', 'राजेश कुमार', 'Κωνσταντίνος Παπαδόπουλος']) expect(all).toContain(name);
    expect(pages.at(-1)).toContain(`SHA-256: ${digest}`);
    // The same data as the JSON answer (its time apart).
    const again = await packJsonOf(await t.as(admin, { method: 'GET', url: '/api/fleet/vessels/AURORA/inspection-pack.json' }));
    expect({ ...pack, madeAt: '', audit: { ...pack.audit, entries: 0, checkedAt: '' } }).toEqual({
      ...again,
      madeAt: '',
      audit: { ...again.audit, entries: 0, checkedAt: '' },
    });
    const [made] = await t.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'inspection_pack_made' and ${auditEvents.metadata}->>'format' = 'pdf'`);
    expect(made.metadata).toMatchObject({ vessel: 'AURORA', sha256: digest });
  });

  it('gives the same data as a ZIP of CSVs whose manifest states each file’s SHA-256, pack.json’s being the digest', async () => {
    const res = await t.as(approver, { method: 'GET', url: '/api/fleet/vessels/AURORA/inspection-pack.zip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const digest = res.headers[PACK_DIGEST_HEADER];
    expect(sha256(files['pack.json'])).toBe(digest);
    const pack: InspectionPack = JSON.parse(Buffer.from(files['pack.json']).toString('utf8'));
    const csv = (name: string) => parse(Buffer.from(files[name]).toString('utf8'), { columns: true, bom: true }) as Record<string, string>[];
    const manifest = csv('manifest.csv');
    expect(manifest.map((m) => m.File).sort()).toEqual(
      Object.keys(files)
        .filter((f) => f !== 'manifest.csv')
        .sort(),
    );
    for (const m of manifest) expect(sha256(files[m.File]), m.File).toBe(m['SHA-256']);
    expect(csv('master-list.csv').map((r) => [r.Title, r['On board'], r['Received on board']])).toEqual(
      pack.documents.map((d) => [d.title, d.onBoard ?? '', d.receivedAt ?? '']),
    );
    expect(csv('required-reading.csv').map((r) => [r.Person, Number(r.Done), Number(r.Outstanding)])).toEqual(
      pack.reading.map((p) => [p.name, p.done, p.outstanding]),
    );
    expect(csv('signatures.csv')).toHaveLength(pack.signatures.length);
    expect(csv('open-suggestions.csv').map((r) => r.Text)).toEqual(['Add the spring lines to the diagram']);
    expect(csv('audit-and-link.csv')).toEqual([expect.objectContaining({ Vessel: 'AURORA', 'Audit trail intact': 'yes', 'Made on': 'office' })]);
    expect(csv('master-review.csv').map((r) => [r['Signed by'], r.Finding, r.Answer])).toEqual(
      pack.masterReview!.findings.map((f) => [pack.masterReview!.signedBy, f.text, f.answer ?? '']),
    );
  });

  it('refuses crew (403), an unknown vessel (404) and a malformed code (400), making nothing', async () => {
    const before = (await t.db.select().from(auditEvents).where(sql`${auditEvents.action} = 'inspection_pack_made'`)).length;
    for (const suffix of ['', '.zip', '.json']) {
      expect((await t.as(crew, { method: 'GET', url: `/api/fleet/vessels/AURORA/inspection-pack${suffix}` })).statusCode).toBe(403);
      const unknown = await t.as(admin, { method: 'GET', url: `/api/fleet/vessels/GHOST/inspection-pack${suffix}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('No vessel with the code "GHOST" is registered');
      expect((await t.as(admin, { method: 'GET', url: `/api/fleet/vessels/aurora%20star/inspection-pack${suffix}` })).statusCode).toBe(400);
      expect((await t.as(null, { method: 'GET', url: `/api/fleet/vessels/AURORA/inspection-pack${suffix}` })).statusCode).toBe(401);
    }
    expect((await t.db.select().from(auditEvents).where(sql`${auditEvents.action} = 'inspection_pack_made'`)).length).toBe(before);
  });
});

describe('the inspection pack on a ship’s copy with its link down', () => {
  it('is made from the ship’s own records: what it received and when, its people, its open suggestions', async () => {
    // A receipt as the ship's planner records it (fleet-inspection.test.ts has the planner do it over a real link).
    const link = (await onShip(admin, '/api/fleet/status')).json();
    expect(link.connected).toBe(false);
    await ship.db.execute(sql`insert into fleet_sent (vessel_code, kind, key, hash, recorded_at)
      select 'AURORA', 'receipt', e.id::text, '', '2026-11-21T06:30:00Z' from sop_versions e where e.sop_id = ${sopIds['Tender operations']} and e.approved_at is not null`);
    const pack = await packJsonOf(await onShip(approver, '/api/fleet/vessels/AURORA/inspection-pack.json'));
    expect(pack.madeOn).toBe('ship');
    const tender = pack.documents.find((d) => d.title === 'Tender operations');
    expect(tender).toMatchObject({ onBoard: '1.0', receivedAt: '2026-11-21T06:30:00.000Z', state: 'current' });
    expect(pack.reading.map((p) => p.name).sort()).toEqual(['Олександр Шевченко', 'राजेश कुमार']);
    expect(pack.suggestions).toHaveLength(1);
    const res = await onShip(admin, '/api/fleet/vessels/AURORA/inspection-pack');
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages.join('\n')).toContain("on board, from the ship's own records");
    expect(pages.at(-1)).toContain(`SHA-256: ${res.headers[PACK_DIGEST_HEADER]}`);
  });

  it('refuses another vessel’s code on board (404) and crew (403)', async () => {
    expect((await onShip(admin, '/api/fleet/vessels/NORD-2/inspection-pack')).statusCode).toBe(404);
    expect((await onShip(crew, '/api/fleet/vessels/AURORA/inspection-pack.zip')).statusCode).toBe(403);
  });
});
