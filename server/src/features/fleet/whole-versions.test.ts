import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { SopArrival, VesselDocument } from '../../../../common/contracts/fleet';
import type { SopDetail, SopListItem } from '../../../../common/contracts/sops';
import { attachments, storedFiles, users, vesselDocuments } from '../../db/schema';
import { createSopAs, submitSopAs, uploadAttachments } from '../../test/client';
import { makePdf } from '../../test/documents';
import { signIn, TEST_PASSWORD } from '../../test/factories';
import { eventually, officeStaff, startFleet } from '../../test/fleet/fleet-harness';

/**
 * The version in force on board switches when it is whole: a new version whose file still
 * crosses a 64 KB/s link waits, the previous one stays in force and readable, the SOP says
 * how much has arrived; an SOP new to the ship appears only with its files.
 */
const { office, ship, proxy } = await startFleet('AURORA', { proxy: true });
const link = proxy!;
const { admin, approver, author, crew, departmentId } = await officeStaff(office);
expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code: 'AURORA', name: 'Aurora Star' } })).statusCode).toBe(201);

const cookie = await eventually(
  async () => (await ship.database.db.select().from(users).where(eq(users.id, crew.id))).length === 1 && signIn(ship.app, crew.username, TEST_PASSWORD),
  30_000,
);
const onShip = (url: string) => ship.app.inject({ method: 'GET', url, headers: { cookie } });
const masterList = async (): Promise<VesselDocument[]> => (await office.as(approver, { method: 'GET', url: '/api/fleet/vessels/AURORA/documents' })).json();

/** A real PDF of about `bytes` (an embedded file of random bytes, which its compression cannot shrink). */
async function pdfOf(title: string, bytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.load(await makePdf(title, [`How to carry out ${title}.`]));
  await pdf.attach(randomBytes(bytes), 'soundings.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
}

/** Ashore: the SOP's next version with `file` attached, approved; answers the version and attachment ids. */
async function publishVersion(sop: { id: number; title: string } | null, title: string, file: Buffer) {
  let id = sop?.id;
  if (!sop) id = (await createSopAs(office, author, { departmentId, title })).id;
  else {
    const edit = await office.as(author, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title, departmentId, content: `Revised ${Date.now()}` } });
    expect(edit.statusCode).toBe(200);
  }
  const versionId = ((await office.as(author, { method: 'GET', url: `/api/sops/${id}` })).json() as SopDetail).latestVersionId!;
  const upload = await uploadAttachments(office, author, versionId, [{ name: `${title}.pdf`, data: file, type: 'application/pdf' }]);
  expect(upload.statusCode).toBe(201);
  const { taskId } = await submitSopAs(office, author, id!);
  expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
  return { sopId: id!, versionId, attachmentId: (upload.json() as { id: number }).id };
}

/** What the crew see of the SOP on board: the version in force, its files, and whether they open. */
async function crewView(sopId: number) {
  const res = await onShip(`/api/sops/${sopId}`);
  if (res.statusCode === 404) return null;
  const detail = res.json() as SopDetail;
  const files = detail.latestVersion?.attachments.map((a) => a.id) ?? [];
  const opens = await Promise.all(files.map(async (id) => (await onShip(`/api/attachments/${id}/download`)).statusCode === 200));
  return { versionId: detail.inForce?.id ?? null, versionNumber: detail.inForce?.versionNumber ?? null, files, opens: opens.every(Boolean) };
}

/** Samples `take` every 500 ms until `done` holds for a sample; answers every sample. */
async function sampleUntil<T>(take: () => Promise<T>, done: (sample: T) => boolean, timeoutMs: number): Promise<T[]> {
  const samples: T[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const sample = await take();
    samples.push(sample);
    if (done(sample)) return samples;
    if (Date.now() > until) throw new Error(`timed out; last sample: ${JSON.stringify(sample)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('a new version crossing a 64 KB/s link', () => {
  it('keeps v1.0 in force and readable until every file of v1.1 is on board, says how far it is, then switches, receipts and withdraws', async () => {
    const first = await publishVersion(null, 'Enclosed space entry', await pdfOf('Enclosed space entry', 20_000));
    await eventually(
      async () => (await masterList()).find((d) => d.sopId === first.sopId && d.state === 'current' && d.onBoard?.versionId === first.versionId),
      30_000,
    );
    expect(await crewView(first.sopId)).toMatchObject({ versionId: first.versionId, files: [first.attachmentId], opens: true });

    link.throttle(64 * 1024, 300);
    const pdf = await pdfOf('Enclosed space entry', 1_500_000);
    const second = await publishVersion({ id: first.sopId, title: 'Enclosed space entry' }, 'Enclosed space entry', pdf);
    // Ashore each version's files: v1.1 carries v1.0's file forward beside the new one.
    const filesAshore = async (versionId: number) =>
      (await office.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.versionId, versionId)).orderBy(attachments.id)).map((a) => a.id);
    const expected = new Map([
      [first.versionId, await filesAshore(first.versionId)],
      [second.versionId, await filesAshore(second.versionId)],
    ]);
    expect(expected.get(second.versionId)).toContain(second.attachmentId);
    const samples = await sampleUntil(
      async () => {
        const before = await crewView(first.sopId);
        const { arriving } = (await onShip(`/api/sops/${first.sopId}/arriving`)).json() as SopArrival;
        // A file withdrawn between reading the page and opening it is the switch itself, not a gap.
        const after = before && !before.opens ? await crewView(first.sopId) : before;
        return { before, after, arriving };
      },
      (s) => s.before?.versionId === second.versionId,
      120_000,
    );
    link.throttle(0, 0);

    for (const { before, after } of samples) {
      expect(before && expected.get(before.versionId!)).toEqual(before?.files);
      if (!before?.opens) expect(after?.versionId).not.toBe(before?.versionId);
    }
    const whileArriving = samples.filter((s) => s.before?.versionId === first.versionId);
    expect(whileArriving.length).toBeGreaterThan(10);
    const shown = whileArriving.flatMap((s) => (s.arriving ? [s.arriving] : []));
    expect(shown.every((a) => a.versionId === second.versionId && a.versionNumber === '1.1')).toBe(true);
    const percents = shown.map((a) => a.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.some((p) => p > 10 && p < 90)).toBe(true);
    expect(samples.at(-1)?.arriving ?? null).toBeNull();

    const received = await eventually(async () => {
      const res = await onShip(`/api/attachments/${second.attachmentId}/download`);
      return res.statusCode === 200 && res;
    });
    expect(Buffer.from(received.rawPayload).equals(pdf)).toBe(true);

    // Ashore: the receipt for v1.1, and v1.0 withdrawn (its file gone from the ship).
    const row = await eventually(
      async () => (await masterList()).find((d) => d.sopId === first.sopId && d.onBoard?.versionId === second.versionId && d.previousWithdrawnAt !== null),
      30_000,
    );
    expect(row).toMatchObject({ state: 'current', onBoard: { versionNumber: '1.1' } });
    const [old] = await office.db
      .select()
      .from(vesselDocuments)
      .where(and(eq(vesselDocuments.vesselCode, 'AURORA'), eq(vesselDocuments.versionId, first.versionId)));
    expect(old.withdrawnAt).not.toBeNull();
    await eventually(async () => (await onShip(`/api/attachments/${first.attachmentId}/download`)).statusCode === 404);
  }, 180_000);

  it('lists an SOP new to the ship only once its file is whole', async () => {
    link.throttle(64 * 1024, 300);
    link.resetBytes();
    const pdf = await pdfOf('Hot work permit', 600_000);
    const sop = await publishVersion(null, 'Hot work permit', pdf);
    const [{ sha256 }] = await office.db.select({ sha256: attachments.sha256 }).from(attachments).where(eq(attachments.id, sop.attachmentId));
    const stored = async () => (await ship.database.db.select().from(storedFiles).where(eq(storedFiles.sha256, sha256!))).length === 1;
    const samples = await sampleUntil(
      async () => {
        // Asked by its id first, then listed: if it becomes whole between the two, the sample
        // says listed (and is not checked for the id); the other order would see it not yet listed
        // and then open, which is the switch itself, not a gap.
        const direct = (await onShip(`/api/sops/${sop.sopId}`)).statusCode;
        const listed = ((await onShip('/api/sops')).json() as SopListItem[]).some((s) => s.id === sop.sopId);
        return { listed, direct, crossed: link.bytes().toShip, view: listed ? await crewView(sop.sopId) : null, stored: await stored() };
      },
      (s) => s.listed,
      120_000,
    );
    link.throttle(0, 0);
    // Listed at last, with its file there to open.
    expect(samples.at(-1)?.view).toMatchObject({ versionId: sop.versionId, files: [sop.attachmentId], opens: true });
    // Watched while the file crossed (600 KB at 64 KB/s): not listed, and not to be opened by its id either.
    expect(samples.filter((s) => !s.listed && !s.stored && s.crossed > 100_000).length).toBeGreaterThan(5);
    expect(samples.filter((s) => !s.listed).every((s) => s.direct === 404)).toBe(true);
  }, 180_000);
});
