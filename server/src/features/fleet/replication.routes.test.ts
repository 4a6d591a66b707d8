import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FleetStatus, VesselDocument } from '../../../../common/contracts/fleet';
import type { SopDetail } from '../../../../common/contracts/sops';
import type { Translation } from '../../../../common/contracts/translations';
import { attestations, fileTexts, fleetApplied, jobs, sops, sopTranslations, sopVersions, storedFiles, users } from '../../db/schema';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { buildDepartment, signIn, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { createSopAs, submitSopAs, uploadAttachments } from '../../test/client';
import { makePdf } from '../../test/documents';
import { multipart } from '../../test/multipart';
import { applyMessage } from './apply.service';
import { FILE_CHUNK_BYTES, FLEET_SCHEMA, filesSubject, OFFICE_STREAM } from './messages.helper';
import { eventually, startFleet } from '../../test/fleet/fleet-harness';

const { hub, office, officeLink, ship } = await startFleet('AURORA');
const admin = await office.signedInUser('admin');
const approver = await office.signedInUser('approver');
const crew = await office.signedInUser('user', { firstName: 'Konstantinos', lastName: 'Papadopoulos-Andersson' });
const departmentId = (await buildDepartment(office.db, 'Deck')).id;

const shipStatus = async (cookie: string) => (await ship.app.inject({ method: 'GET', url: '/api/fleet/status', headers: { cookie } })).json() as FleetStatus;
const shipCount = async () => (await ship.database.db.select({ n: count() }).from(users))[0].n;

async function publish(author: TestUser, input: { title: string; vesselCodes?: string[]; content?: string }) {
  const sop = await createSopAs(office, author, { departmentId, ...input });
  const { taskId } = await submitSopAs(office, author, sop.id);
  expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
  return sop;
}

async function publishWithFile(title: string, file: Buffer) {
  const sop = await createSopAs(office, crew, { departmentId, title });
  const upload = await uploadAttachments(office, crew, sop.latestVersionId, [
    { name: 'Konstantinos Papadopoulos-Andersson bridge checklist.txt', data: file, type: 'text/plain' },
  ]);
  expect(upload.statusCode).toBe(201);
  const { taskId } = await submitSopAs(office, crew, sop.id);
  expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
  return { sop, attachment: upload.json() as { id: number } };
}

/** File chunks the hub holds for AURORA: what crossed (or will cross) its link. */
const hubFileChunks = async () => {
  const nc = await connect({ servers: hub.url });
  try {
    const info = await (await jetstreamManager(nc)).streams.info(OFFICE_STREAM, { subjects_filter: filesSubject('AURORA') });
    return info.state.subjects?.[filesSubject('AURORA')] ?? 0;
  } finally {
    await nc.close();
  }
};

describe('office to ship', () => {
  it('refuses a vessel the office does not know, in the status and the log, and applies nothing', async () => {
    await publish(crew, { title: 'Muster stations' });
    const problem = await eventually(async () => ship.link.problem());
    expect(problem).toContain('The office does not know the vessel code AURORA');
    expect(await shipCount()).toBe(0);
  });

  it('fills a new ship once registered: office ids, password hashes, the version in force only', async () => {
    expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code: 'AURORA', name: 'Aurora Star' } })).statusCode).toBe(201);
    expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code: 'NORD', name: 'Nordic Dawn' } })).statusCode).toBe(201);
    const everywhere = await publish(crew, { title: 'Abandon ship', content: 'Go to your muster station.' });
    const otherVessel = await publish(crew, { title: 'Ice navigation', vesselCodes: ['NORD'] });
    const mine = await publish(crew, { title: 'Tender operations', vesselCodes: ['AURORA'] });
    const draft = await createSopAs(office, crew, { departmentId, title: 'Draft never sent' });
    // A newer draft on a published SOP stays ashore; the ship keeps the version in force.
    const edited = await office.as(crew, {
      method: 'PUT',
      url: `/api/sops/${everywhere.id}`,
      payload: { title: 'Abandon ship', departmentId, content: 'Draft wording' },
    });
    expect(edited.statusCode).toBe(200);

    const cookie = await eventually(async () => {
      await officeLink.tick();
      return (await shipCount()) === (await office.db.select({ n: count() }).from(users))[0].n && signIn(ship.app, crew.username, TEST_PASSWORD);
    });
    await eventually(async () => (await ship.database.db.select({ n: count() }).from(sops))[0].n === 3);
    expect(ship.link.problem()).toBeNull();

    const onBoard = (await ship.database.db.select({ id: sops.id, title: sops.title }).from(sops).orderBy(sops.id)).map((s) => s.title);
    expect(onBoard).toEqual(['Muster stations', 'Abandon ship', 'Tender operations']);
    expect(await ship.database.db.select().from(sops).where(eq(sops.id, otherVessel.id))).toEqual([]);
    expect(await ship.database.db.select().from(sops).where(eq(sops.id, draft.id))).toEqual([]);

    const detail: SopDetail = (await ship.app.inject({ method: 'GET', url: `/api/sops/${everywhere.id}`, headers: { cookie } })).json();
    expect(detail.title).toBe('Abandon ship');
    expect(detail.status).toBe('published');
    expect(detail.versions.map((v) => v.content)).toEqual(['Go to your muster station.']);
    expect(detail.effectiveVersionId).toBe(everywhere.latestVersionId);
    expect((await ship.app.inject({ method: 'GET', url: `/api/sops/${mine.id}`, headers: { cookie } })).statusCode).toBe(200);

    const [officeCrew] = await office.db.select().from(users).where(eq(users.id, crew.id));
    const [shipCrew] = await ship.database.db.select().from(users).where(eq(users.id, crew.id));
    expect(shipCrew).toEqual(officeCrew);

    const status = await shipStatus(cookie);
    expect(status).toMatchObject({ role: 'ship', vessel: { code: 'AURORA', name: 'Aurora Star' }, connected: true, problem: null });
    expect(status.lastContactAt).not.toBeNull();
  });

  it('sends a newly published version; applying a message twice changes nothing', async () => {
    const sop = await publish(crew, { title: 'Bunkering' });
    await eventually(async () => (await ship.database.db.select().from(sops).where(eq(sops.id, sop.id))).length === 1);
    const res = await office.as(crew, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'Bunkering', departmentId, content: 'Second edition' } });
    expect(res.statusCode).toBe(200);
    const { taskId } = await submitSopAs(office, crew, sop.id);
    expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    const [second] = await office.db.select().from(sopVersions).where(eq(sopVersions.content, 'Second edition'));
    await eventually(async () => (await ship.database.db.select().from(sops).where(eq(sops.id, sop.id)))[0]?.latestVersionId === second.id);

    const [applied] = await ship.database.db.select().from(fleetApplied).where(eq(fleetApplied.origin, 'office'));
    const before = await ship.database.db.select().from(sops).orderBy(sops.id);
    const replay = await applyMessage(ship.database.db, {
      origin: 'office',
      seq: applied.seq,
      schema: FLEET_SCHEMA,
      streamSeq: applied.streamSeq,
      message: { op: 'delete', kind: 'sop', key: String(sop.id) },
    });
    expect(replay).toBe('duplicate');
    expect(await ship.database.db.select().from(sops).orderBy(sops.id)).toEqual(before);
  });

  it('sends the files of the version in force in 64 KB chunks, once: the ship serves the same bytes', async () => {
    const cookie = await signIn(ship.app, crew.username, TEST_PASSWORD);
    const file = Buffer.from(Array.from({ length: 9000 }, (_, i) => `Line ${i}: check the bridge wing lookout and sound signals.\n`).join(''));
    expect(file.length).toBeGreaterThan(5 * FILE_CHUNK_BYTES);
    const before = await hubFileChunks();
    const { attachment } = await publishWithFile('Bridge watch handover', file);
    const download = await eventually(async () => {
      const res = await ship.app.inject({ method: 'GET', url: `/api/attachments/${attachment.id}/download`, headers: { cookie } });
      return res.statusCode === 200 && res;
    });
    expect(Buffer.from(download.rawPayload).equals(file)).toBe(true);
    expect((await hubFileChunks()) - before).toBe(Math.ceil(file.length / FILE_CHUNK_BYTES));

    // The same bytes in another SOP: the record travels, the file does not.
    const again = await publishWithFile('Bridge watch handover (tender)', file);
    await eventually(
      async () => (await ship.app.inject({ method: 'GET', url: `/api/attachments/${again.attachment.id}/download`, headers: { cookie } })).statusCode === 200,
    );
    await officeLink.tick();
    expect((await hubFileChunks()) - before).toBe(Math.ceil(file.length / FILE_CHUNK_BYTES));
  });

  it('sends attestations made on board and receipts; a superseded version is withdrawn on board and its files removed', async () => {
    const cookie = await signIn(ship.app, crew.username, TEST_PASSWORD);
    const file = Buffer.from('Galley fire: shut the fuel valves, then the hood system.\n'.repeat(50));
    const { sop, attachment } = await publishWithFile('Galley fire', file);
    await eventually(
      async () => (await ship.app.inject({ method: 'GET', url: `/api/attachments/${attachment.id}/download`, headers: { cookie } })).statusCode === 200,
    );
    const attested = await ship.app.inject({ method: 'POST', url: `/api/sop-versions/${sop.latestVersionId}/attestations`, headers: { cookie } });
    expect(attested.statusCode).toBe(201);

    const counted = await eventually(async () => {
      const [row] = await office.db
        .select()
        .from(attestations)
        .where(and(eq(attestations.versionId, sop.latestVersionId!), eq(attestations.userId, crew.id)));
      return row;
    });
    expect(counted.vesselCode).toBe('AURORA');
    const current = await eventually(async () => {
      const list: VesselDocument[] = (await office.as(approver, { method: 'GET', url: '/api/fleet/vessels/AURORA/documents' })).json();
      const row = list.find((d) => d.sopId === sop.id);
      return row?.state === 'current' && row;
    });
    expect(current.onBoard).toMatchObject({ versionId: sop.latestVersionId, versionNumber: '1.0' });

    // A new version in force ashore: the ship takes it and removes the old one's files.
    const edit = await office.as(crew, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'Galley fire', departmentId, content: 'Revised' } });
    expect(edit.statusCode).toBe(200);
    const { taskId } = await submitSopAs(office, crew, sop.id);
    expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    const withdrawn = await eventually(async () => {
      const list: VesselDocument[] = (await office.as(approver, { method: 'GET', url: '/api/fleet/vessels/AURORA/documents' })).json();
      const row = list.find((d) => d.sopId === sop.id);
      return row?.state === 'current' && row.previousWithdrawnAt !== null ? row : undefined;
    });
    expect(withdrawn.onBoard?.versionNumber).not.toBe('1.0');
    expect((await ship.app.inject({ method: 'GET', url: `/api/attachments/${attachment.id}/download`, headers: { cookie } })).statusCode).toBe(404);
    // Everything sent has been applied ashore: nothing waits.
    await eventually(async () => (await shipStatus(cookie)).waiting.toSend === 0);
  });

  it('keeps an attestation made while the NATS server on board is down, and sends it when it is back', async () => {
    const cookie = await signIn(ship.app, crew.username, TEST_PASSWORD);
    const sop = await publish(crew, { title: 'Lifeboat lowering' });
    await eventually(async () => (await ship.database.db.select().from(sops).where(eq(sops.id, sop.id))).length === 1);

    await ship.nats.stop();
    const attested = await ship.app.inject({ method: 'POST', url: `/api/sop-versions/${sop.latestVersionId}/attestations`, headers: { cookie } });
    expect(attested.statusCode).toBe(201);
    await eventually(async () => (await shipStatus(cookie)).waiting.toSend >= 1);

    await ship.nats.start();
    await eventually(
      async () =>
        (
          await office.db
            .select()
            .from(attestations)
            .where(and(eq(attestations.versionId, sop.latestVersionId!), eq(attestations.userId, crew.id)))
        ).length === 1,
      30_000,
    );
    await eventually(async () => (await shipStatus(cookie)).waiting.toSend === 0);
  });

  it('holds a message of a newer schema: nothing of it applied, the origin not moved on', async () => {
    const [applied] = await ship.database.db.select().from(fleetApplied).where(eq(fleetApplied.origin, 'office'));
    const outcome = await applyMessage(ship.database.db, {
      origin: 'office',
      seq: applied.seq + 1,
      schema: FLEET_SCHEMA + 1,
      streamSeq: applied.streamSeq + 1,
      message: { op: 'delete', kind: 'user', key: String(crew.id) },
    });
    expect(outcome).toBe('held');
    expect(await ship.database.db.select().from(users).where(eq(users.id, crew.id))).toHaveLength(1);
    expect(await ship.database.db.select().from(fleetApplied).where(eq(fleetApplied.origin, 'office'))).toEqual([applied]);
  });
});

describe('translations on board', () => {
  /** Ashore: a translation of `versionId` added by the admin (text, or a file), and approved by the approver unless `draft`. */
  async function translate(versionId: number, language: string, body: { content: string } | { file: Buffer; name: string }, draft = false) {
    const res =
      'content' in body
        ? await office.as(admin, { method: 'POST', url: `/api/sop-versions/${versionId}/translations`, payload: { language, content: body.content } })
        : await (async () => {
            const form = multipart([{ name: body.name, data: body.file, type: 'application/pdf' }], { language });
            return office.as(admin, { method: 'POST', url: `/api/sop-versions/${versionId}/translations`, payload: form.payload, headers: form.headers });
          })();
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as Translation).id;
    if (!draft) await approveTranslation(id);
    return id;
  }
  async function approveTranslation(id: number) {
    const res = await office.as(approver, { method: 'PUT', url: `/api/translations/${id}`, payload: { status: 'approved' } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const onShip = async (cookie: string, url: string) => ship.app.inject({ method: 'GET', url, headers: { cookie } });
  /** The translations the crew see of the SOP on board, as [id, language, version, current]. */
  const shipTranslations = async (cookie: string, sopId: number) => {
    const res = await onShip(cookie, `/api/sops/${sopId}`);
    // Not on board yet: none.
    return res.statusCode === 404 ? [] : ((res.json() as SopDetail).translations ?? []).map((t) => [t.id, t.language, t.versionId, t.current]);
  };

  it('sends the approved translations of the version in force with their files; a draft stays ashore; one approved later follows', async () => {
    const cookie = await signIn(ship.app, crew.username, TEST_PASSWORD);
    const sop = await publish(crew, { title: 'Mooring operations', content: "Single up the lines on the captain's order." });
    const versionId = sop.latestVersionId!;
    const pdf = await makePdf('Operaciones de amarre', ['Largar los cabos cuando lo ordene el capitán.']);
    const filipino = await translate(versionId, 'fil', { content: '# Pagdaong\n\nIsa-isahin ang mga lubid sa utos ng kapitan.' });
    const spanish = await translate(versionId, 'es', { file: pdf, name: 'amarre-es.pdf' });
    const indonesian = await translate(versionId, 'id', { content: 'Lepaskan tali satu per satu.' }, true);

    await eventually(
      async () => (await shipTranslations(cookie, sop.id)).length === 2,
      30_000,
      async () => JSON.stringify(await shipTranslations(cookie, sop.id)),
    );
    expect(await shipTranslations(cookie, sop.id)).toEqual([
      [spanish, 'es', versionId, true],
      [filipino, 'fil', versionId, true],
    ]);
    const text = await onShip(cookie, `/api/translations/${filipino}`);
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({ language: 'fil', current: true, content: '# Pagdaong\n\nIsa-isahin ang mga lubid sa utos ng kapitan.', file: null });
    const download = await onShip(cookie, `/api/translations/${spanish}/download`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(pdf)).toBe(true);
    expect((await onShip(cookie, `/api/translations/${spanish}`)).json()).toMatchObject({
      content: null,
      file: { originalName: 'amarre-es.pdf', mimeType: 'application/pdf', size: pdf.length },
    });
    // Search on board finds the words of the text translation.
    const found = (await onShip(cookie, `/api/sops?search=${encodeURIComponent('lubid')}`)).json() as { id: number }[];
    expect(found.map((f) => f.id)).toEqual([sop.id]);
    // The draft never left the office.
    expect(await ship.database.db.select().from(sopTranslations).where(eq(sopTranslations.id, indonesian))).toEqual([]);
    // The PDF's text is read on board, by the ship's own document workers, for search there.
    const [{ sha256 }] = await ship.database.db.select({ sha256: sopTranslations.sha256 }).from(sopTranslations).where(eq(sopTranslations.id, spanish));
    const [queued] = await ship.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `file:${sha256}`));
    const [read] = await ship.database.db.select().from(fileTexts).where(eq(fileTexts.sha256, sha256!));
    expect(queued ?? read).toBeDefined();

    // Read and attested on board in Filipino: the office records the language it was read in.
    const attested = await ship.app.inject({
      method: 'POST',
      url: `/api/sop-versions/${versionId}/attestations`,
      headers: { cookie },
      payload: { language: 'fil' },
    });
    expect(attested.statusCode, attested.body).toBe(201);
    const ashore = await eventually(async () => {
      const [row] = await office.db
        .select()
        .from(attestations)
        .where(and(eq(attestations.versionId, versionId), eq(attestations.userId, crew.id)));
      return row;
    }, 30_000);
    expect(ashore).toMatchObject({ vesselCode: 'AURORA', language: 'fil' });

    // Approved later ashore: it follows.
    await approveTranslation(indonesian);
    await eventually(async () => (await shipTranslations(cookie, sop.id)).length === 3, 30_000);
    expect(await shipTranslations(cookie, sop.id)).toEqual([
      [spanish, 'es', versionId, true],
      [filipino, 'fil', versionId, true],
      [indonesian, 'id', versionId, true],
    ]);
  }, 90_000);

  it('holds only the translations of the new version once it is in force: the old ones go with the old version', async () => {
    const cookie = await signIn(ship.app, crew.username, TEST_PASSWORD);
    const sop = await publish(crew, { title: 'Anchoring', content: 'Let go the anchor when ordered.' });
    const first = sop.latestVersionId!;
    const pdf = await makePdf('Fondeo', ['Fondear cuando se ordene.']);
    const spanish = await translate(first, 'es', { file: pdf, name: 'fondeo-es.pdf' });
    const filipino = await translate(first, 'fil', { content: 'Ibaba ang angkla kapag iniutos.' });
    await eventually(async () => (await shipTranslations(cookie, sop.id)).length === 2, 30_000);
    const [{ sha256 }] = await ship.database.db.select({ sha256: sopTranslations.sha256 }).from(sopTranslations).where(eq(sopTranslations.id, spanish));

    // Version 1.1 in force ashore, its Filipino translation approved.
    expect(
      (
        await office.as(crew, {
          method: 'PUT',
          url: `/api/sops/${sop.id}`,
          payload: { title: 'Anchoring', departmentId, content: "Let go the anchor on the bridge's order." },
        })
      ).statusCode,
    ).toBe(200);
    const { taskId } = await submitSopAs(office, crew, sop.id);
    expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    const second = ((await office.as(crew, { method: 'GET', url: `/api/sops/${sop.id}` })).json() as SopDetail).effectiveVersionId!;
    expect(second).not.toBe(first);
    const newer = await translate(second, 'fil', { content: 'Ibaba ang angkla sa utos ng tulay.' });

    // Ashore the crew still see the old ones, as not current (read the original instead).
    const ashore = ((await office.as(crew, { method: 'GET', url: `/api/sops/${sop.id}` })).json() as SopDetail).translations ?? [];
    expect(ashore.map((t) => [t.id, t.current])).toEqual([
      [spanish, false],
      [newer, true],
      [filipino, false],
    ]);
    // On board the old version is withdrawn, and its translations and their files go with it.
    await eventually(
      async () => JSON.stringify(await shipTranslations(cookie, sop.id)) === JSON.stringify([[newer, 'fil', second, true]]),
      30_000,
      async () =>
        JSON.stringify([
          await shipTranslations(cookie, sop.id),
          first,
          second,
          (
            (await ship.database.db.execute(sql`select kind, key, hash from fleet_sent where key in (${String(first)}, ${String(second)})`)) as unknown as {
              rows: unknown[];
            }
          ).rows,
          (
            (await ship.database.db.execute(sql`select id, approved_at, is_published from sop_versions where sop_id = ${sop.id}`)) as unknown as {
              rows: unknown[];
            }
          ).rows,
          ((await ship.database.db.execute(sql`select count(*) from fleet_changes`)) as unknown as { rows: unknown[] }).rows,
          ((await ship.database.db.execute(sql`select * from fleet_outbox order by seq desc limit 5`)) as unknown as { rows: unknown[] }).rows,
        ]),
    );
    expect(await ship.database.db.select().from(sopTranslations).where(eq(sopTranslations.versionId, first))).toEqual([]);
    expect((await onShip(cookie, `/api/translations/${spanish}/download`)).statusCode).toBe(404);
    await eventually(async () => (await ship.database.db.select().from(storedFiles).where(eq(storedFiles.sha256, sha256!))).length === 0);
    expect((await onShip(cookie, `/api/translations/${newer}`)).json()).toMatchObject({ current: true, content: 'Ibaba ang angkla sa utos ng tulay.' });
  }, 90_000);
});
