import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SopArrival } from '../../../../common/contracts/fleet';
import { attachments, fleetOutbox, fleetPendingVersions, sops, sopTranslations, storedFiles } from '../../db/schema';
import { readAll, releaseFiles } from '../../files/store';
import { createSopAs, submitSopAs, uploadAttachments } from '../../test/client';
import { makePdf } from '../../test/documents';
import { multipart } from '../../test/multipart';
import { buildDepartment, createTestContext, signIn, TEST_PASSWORD } from '../../test/factories';
import { applyMessage } from './apply.service';
import { createFileAssembler } from './files.service';
import { RecordMessage } from '../../../../common/contracts/fleet-messages';
import type { Rows } from '../../db/rows';
import { FILE_CHUNK_BYTES, FLEET_SCHEMA, type ShipMessage } from './messages.helper';
import { planFleet } from './office-plan.service';
import { planShip } from './ship-plan.service';
import { officeDesk } from '../../test/fleet/fleet-harness';
import { randomText } from '../../test/fleet/fleet-processes';

/**
 * The switch on board without NATS: the office's outbox applied to a ship's database in order,
 * and its files fed to the ship's assembler chunk by chunk, as the two streams would.
 */
const office = await createTestContext({ jobs: 'manual' });
const ship = await createTestContext({ jobs: 'manual', instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:1' } });
afterAll(async () => {
  await ship.close();
  await office.close();
});
const admin = await office.signedInUser('admin');
const approver = await office.signedInUser('approver');
const author = await office.signedInUser('user');
const departmentId = (await buildDepartment(office.db, 'Deck')).id;
for (const [code, name] of [
  ['AURORA', 'Aurora Star'],
  ['NORD', 'Nordic Dawn'],
]) {
  expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code, name } })).statusCode).toBe(201);
}
const desk = officeDesk(office, { author, approver, departmentId });

let delivered = 0;
/** The office's new messages for AURORA (each row from its shared payload), applied on board in order. */
async function deliver() {
  await planFleet(office.db);
  const { rows } = (await office.db.execute(sql`select o.seq, case when o.payload_hash is null then o.payload
      else o.payload || jsonb_build_object('row', p.row) end as message
    from fleet_outbox o left join fleet_payloads p on p.hash = o.payload_hash
    where o.vessel_code = 'AURORA' and o.seq > ${delivered} order by o.seq`)) as unknown as Rows<{ seq: string; message: unknown }>;
  for (const row of rows) {
    const message = RecordMessage.parse(row.message);
    const seq = Number(row.seq);
    expect(await applyMessage(ship.db, { origin: 'office', seq, schema: FLEET_SCHEMA, streamSeq: seq, message })).toBe('applied');
    delivered = seq;
  }
}

const assembler = createFileAssembler(ship.db);
let streamSeq = 0;
/** Feeds chunks `from`..`to` (exclusive; all by default) of attachment `attachmentId`'s file to the ship. */
async function feed(attachmentId: number, from = 0, to?: number) {
  const [a] = await office.db.select().from(attachments).where(eq(attachments.id, attachmentId));
  return feedFile(a.sha256!, a.size, from, to);
}
/** Feeds chunks `from`..`to` of stored file `sha256` (of `size` bytes ashore) to the ship. */
async function feedFile(sha256: string, size: number, from = 0, to?: number) {
  const bytes = await readAll(office.db, sha256, size);
  const count = Math.ceil(bytes.length / FILE_CHUNK_BYTES);
  for (let index = from; index < (to ?? count); index++) {
    const data = bytes.subarray(index * FILE_CHUNK_BYTES, (index + 1) * FILE_CHUNK_BYTES);
    await assembler.take({ sha256, index, count, data, streamSeq: ++streamSeq });
  }
  return sha256;
}

await deliver();
const cookie = await signIn(ship.app, author.username, TEST_PASSWORD);
const onShip = (url: string) => ship.app.inject({ method: 'GET', url, headers: { cookie } });
const arriving = async (sopId: number) => ((await onShip(`/api/sops/${sopId}/arriving`)).json() as SopArrival).arriving;
const held = async (sopId: number) => (await ship.db.select({ id: sops.latestVersionId }).from(sops).where(eq(sops.id, sopId)))[0]?.id ?? null;
const filesOnBoard = async (versionId: number) =>
  (await ship.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.versionId, versionId))).map((a) => a.id).sort();
const filesAshore = async (versionId: number) =>
  (await office.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.versionId, versionId))).map((a) => a.id).sort();
const pending = () => ship.db.select().from(fleetPendingVersions);

describe('a version waiting for its files on board', () => {
  it('keeps the previous version in force until the new one is whole, says how far it is, then switches and receipts', async () => {
    const { sop, attachment } = await desk.publishWithFile('Mooring', randomText(100_000, 1));
    await deliver();
    // New to the ship: not there until its file is.
    expect(await held(sop.id)).toBeNull();
    expect((await onShip(`/api/sops/${sop.id}`)).statusCode).toBe(404);
    await feed(attachment.id);
    expect(await held(sop.id)).toBe(sop.latestVersionId);
    expect(await arriving(sop.id)).toBeNull();
    await planShip(ship.db, 'AURORA');

    const v2 = await desk.revise(sop, 'Doubled lines', { file: randomText(400_000, 2) });
    const [added] = (await filesAshore(v2)).slice(-1);
    await deliver();
    expect(await held(sop.id)).toBe(sop.latestVersionId);
    expect(await filesOnBoard(sop.latestVersionId!)).toEqual([attachment.id]);
    const before = await arriving(sop.id);
    expect(before).toMatchObject({ versionId: v2, versionNumber: '1.1' });
    await feed(added, 0, 4);
    const halfway = (await arriving(sop.id))!;
    expect(halfway.percent).toBeGreaterThan(before!.percent);
    expect(halfway.percent).toBeLessThan(99);
    expect(halfway.bytesOnBoard).toBeGreaterThanOrEqual(4 * FILE_CHUNK_BYTES);

    await feed(added, 4);
    expect(await held(sop.id)).toBe(v2);
    expect(await filesOnBoard(v2)).toEqual(await filesAshore(v2));
    expect(await arriving(sop.id)).toBeNull();
    expect(await pending()).toEqual([]);

    // The ship's planner: the receipt for v1.1, the withdrawal of v1.0 and its file gone.
    await planShip(ship.db, 'AURORA');
    const said = (await ship.db.select().from(fleetOutbox)).map((m) => m.payload as ShipMessage);
    expect(said).toContainEqual(expect.objectContaining({ op: 'receipt', versionId: v2 }));
    expect(said).toContainEqual(expect.objectContaining({ op: 'withdrawal', versionId: sop.latestVersionId }));
    expect(await filesOnBoard(sop.latestVersionId!)).toEqual([]);
  });

  it('is replaced by a newer record of its SOP, and dropped when the SOP stops applying', async () => {
    const { sop, attachment } = await desk.publishWithFile('Anchoring', randomText(50_000, 3));
    await deliver();
    await feed(attachment.id);
    const v2 = await desk.revise(sop, 'Second edition', { file: randomText(200_000, 4) });
    await deliver();
    expect((await pending()).map((p) => [p.sopId, p.versionId])).toEqual([[sop.id, v2]]);
    const v3 = await desk.revise(sop, 'Third edition');
    await deliver();
    expect((await pending()).map((p) => [p.sopId, p.versionId])).toEqual([[sop.id, v3]]);
    expect(await held(sop.id)).toBe(sop.latestVersionId);

    await desk.limit(sop, ['NORD']);
    await deliver();
    expect(await pending()).toEqual([]);
    expect(await arriving(sop.id)).toBeNull();
  });

  it('keeps the file that arrived first of two while the other crosses (the store removes only unreferenced files)', async () => {
    const sop = await createSopAs(office, author, { departmentId, title: 'Bunkering' });
    const upload = await uploadAttachments(office, author, sop.latestVersionId, [
      { name: 'Bunkering.txt', data: randomText(80_000, 5), type: 'text/plain' },
      { name: 'Bunkering checklist.txt', data: randomText(90_000, 6), type: 'text/plain' },
    ]);
    expect(upload.statusCode).toBe(201);
    const { taskId } = await submitSopAs(office, author, sop.id);
    expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    await deliver();
    const files = await filesAshore(sop.latestVersionId!);
    expect(files).toHaveLength(2);

    const first = await feed(files[0]);
    // The rule the start-up sweep and every withdrawal apply (the sweep itself would also clear
    // the office's copy here: both sides of this test share one file directory).
    await releaseFiles(ship.db, [first]);
    expect(await ship.db.select().from(storedFiles).where(eq(storedFiles.sha256, first))).toHaveLength(1);
    expect(await held(sop.id)).toBeNull();
    await feed(files[1]);
    expect(await held(sop.id)).toBe(sop.latestVersionId);
    expect(await filesOnBoard(sop.latestVersionId!)).toEqual(files);
  });

  it('waits for the files of its approved translations too', async () => {
    const sop = await desk.publish({ title: 'Pilot boarding' });
    await deliver();
    expect(await held(sop.id)).toBe(sop.latestVersionId);
    const v2 = await desk.revise(sop, 'Rig the pilot ladder on the lee side');
    // Ashore, version 1.1's Spanish translation as a PDF, approved before the record leaves.
    const pdf = await makePdf('Embarque del práctico', ['Arme la escala de práctico a sotavento.']);
    const form = multipart([{ name: 'practico-es.pdf', data: pdf, type: 'application/pdf' }], { language: 'es' });
    const added = await office.as(admin, { method: 'POST', url: `/api/sop-versions/${v2}/translations`, payload: form.payload, headers: form.headers });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json() as { id: number };
    expect((await office.as(approver, { method: 'PUT', url: `/api/translations/${id}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    await deliver();
    // The text of 1.1 is on board, its translation's file is not: 1.0 stays in force.
    expect(await held(sop.id)).toBe(sop.latestVersionId);
    expect(await arriving(sop.id)).toMatchObject({ versionId: v2, bytes: pdf.length, bytesOnBoard: 0 });
    const [t] = await office.db.select().from(sopTranslations).where(eq(sopTranslations.id, id));
    await feedFile(t.sha256!, t.size!);
    expect(await held(sop.id)).toBe(v2);
    const [onBoard] = await ship.db.select().from(sopTranslations).where(eq(sopTranslations.id, id));
    expect(onBoard).toMatchObject({ versionId: v2, language: 'es', status: 'approved', sha256: t.sha256, size: pdf.length });
    expect((await onShip(`/api/translations/${id}/download`)).rawPayload.equals(pdf)).toBe(true);
  });

  it('drops the translations of a version superseded on board before its receipt was sent', async () => {
    const sop = await desk.publish({ title: 'Tank cleaning' });
    const added = await office.as(admin, {
      method: 'POST',
      url: `/api/sop-versions/${sop.latestVersionId}/translations`,
      payload: { language: 'hi', content: 'टैंक की सफाई से पहले गैस की जाँच करें।' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json() as { id: number };
    expect((await office.as(approver, { method: 'PUT', url: `/api/translations/${id}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    await deliver();
    expect(await ship.db.select({ id: sopTranslations.id }).from(sopTranslations).where(eq(sopTranslations.id, id))).toEqual([{ id }]);
    // 1.1 comes into force on board before the ship's planner ran: 1.0 was never receipted, so
    // it is never withdrawn, yet its translation goes.
    const v2 = await desk.revise(sop, 'Ventilate the tank first');
    await deliver();
    expect(await held(sop.id)).toBe(v2);
    await planShip(ship.db, 'AURORA');
    expect(await ship.db.select().from(sopTranslations).where(eq(sopTranslations.id, id))).toEqual([]);
  });
});
