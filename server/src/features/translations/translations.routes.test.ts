import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SopDetail } from '../../../../common/contracts/sops';
import { auditEvents, sopTranslations, storedFiles } from '../../db/schema';
import { buildDepartment } from '../../test/builders';
import { createSopAs, decideTask, getSop, submitSopAs } from '../../test/client';
import { makePdf } from '../../test/documents';
import { crewOf, type TestUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { placeIn } from '../../test/reading';

/** Translated procedures (decision 073): added by the owner, approvers and admins, approved by someone else, read by the crew when current. */
const { t, admin, approver, second, owner, crew } = await crewOf({ admin: 'admin', approver: 'approver', second: 'approver', owner: 'user', crew: 'user' });
const departmentId = (await buildDepartment(t.db)).id;

const add = (user: TestUser, versionId: number | string, payload: object) =>
  t.as(user, { method: 'POST', url: `/api/sop-versions/${versionId}/translations`, payload });
const approve = (user: TestUser, id: number | string, payload: object = { status: 'approved' }) =>
  t.as(user, { method: 'PUT', url: `/api/translations/${id}`, payload });
/** The translation as a file: multipart `language` and `file`. */
function upload(user: TestUser, versionId: number | null, file: { name: string; data: Buffer; type: string }, language: string) {
  const body = multipart([file], { language });
  return t.as(user, { method: 'POST', url: `/api/sop-versions/${versionId}/translations`, payload: body.payload, headers: body.headers });
}
const rows = async () => (await t.db.select({ n: count() }).from(sopTranslations))[0].n;

/** An SOP of `owner` with version 1.0 in force. */
async function sopInForce(): Promise<SopDetail> {
  const sop = await createSopAs(t, owner, { departmentId, content: 'Close the valves before bunkering.' });
  const { taskId } = await submitSopAs(t, owner, sop.id);
  expect((await decideTask(t, approver, taskId, { status: 'approved' })).statusCode).toBe(200);
  return getSop(t, owner, sop.id);
}

/** A new version of the SOP, approved: it comes into force. */
async function reviseAndApprove(sopId: number, content: string): Promise<SopDetail> {
  expect((await t.as(owner, { method: 'POST', url: `/api/sops/${sopId}/versions`, payload: { content } })).statusCode).toBe(201);
  const { taskId } = await submitSopAs(t, owner, sopId);
  expect((await decideTask(t, approver, taskId, { status: 'approved' })).statusCode).toBe(200);
  return getSop(t, owner, sopId);
}

describe('adding a translation', () => {
  it('takes Markdown text from the owner as a draft only its author, approvers and admins see', async () => {
    const sop = await sopInForce();
    const res = await add(owner, sop.latestVersionId as number, { language: 'fil', content: '# Layunin\n\nIsara ang mga balbula.' });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json();
    expect(added).toMatchObject({
      language: 'fil',
      versionNumber: '1.0',
      status: 'draft',
      current: false,
      content: '# Layunin\n\nIsara ang mga balbula.',
      file: null,
    });
    expect(added.createdBy).toBe(owner.id);

    expect((await getSop(t, crew, sop.id)).translations).toEqual([]);
    expect((await t.as(crew, { method: 'GET', url: `/api/translations/${added.id}` })).statusCode).toBe(404);
    for (const user of [owner, approver, admin]) {
      expect((await getSop(t, user, sop.id)).translations).toEqual([
        { id: added.id, language: 'fil', versionId: sop.latestVersionId, versionNumber: '1.0', status: 'draft', current: false, createdBy: owner.id },
      ]);
    }
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'translation_added'));
    expect(event.metadata).toMatchObject({ sopId: sop.id, versionId: sop.latestVersionId, language: 'fil', versionNumber: '1.0' });
  });

  it('refuses a second translation of the same version in the same language, and changes nothing', async () => {
    const sop = await sopInForce();
    const versionId = sop.latestVersionId as number;
    expect((await add(approver, versionId, { language: 'es', content: 'Cierre las válvulas.' })).statusCode).toBe(201);
    const before = await rows();
    const again = await add(admin, versionId, { language: 'es', content: 'Otra traducción.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'duplicate',
      message: 'Version 1.0 already has a Spanish translation; a newer translation needs a newer version of the SOP',
    });
    expect(await rows()).toBe(before);
  });

  it('takes a translated PDF as multipart, downloads it, and refuses an image', async () => {
    const sop = await sopInForce();
    const pdf = await makePdf('Pamamaraan sa pag-bunker');
    const res = await upload(approver, sop.latestVersionId, { name: 'bunkering-fil.pdf', data: pdf, type: 'application/pdf' }, 'fil');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      language: 'fil',
      content: null,
      file: { originalName: 'bunkering-fil.pdf', mimeType: 'application/pdf', size: pdf.length },
    });
    const download = await t.as(second, { method: 'GET', url: `/api/translations/${res.json().id}/download` });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const before = await rows();
    const refused = await upload(approver, sop.latestVersionId, { name: 'photo.png', data: png, type: 'image/png' }, 'id');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toContain('is not a PDF, Word or text file');
    expect(await rows()).toBe(before);
  });

  it('of a draft goes with the SOP, its file’s bytes too', async () => {
    const draft = await createSopAs(t, owner, { departmentId, content: 'Check the moorings.' });
    const pdf = await makePdf('Suriin ang mga lubid');
    const res = await upload(owner, draft.latestVersionId, { name: 'moorings-fil.pdf', data: pdf, type: 'application/pdf' }, 'fil');
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(sopTranslations).where(eq(sopTranslations.id, res.json().id));
    expect((await t.as(owner, { method: 'DELETE', url: `/api/sops/${draft.id}` })).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.sha256, row.sha256 as string)),
    ).toEqual([]);
  });

  it('is refused to a crew member who does not own the SOP', async () => {
    const sop = await sopInForce();
    const res = await add(crew, sop.latestVersionId as number, { language: 'hi', content: 'वाल्व बंद करें।' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the owner, an approver or an admin can add a translation of this SOP');
  });
});

describe('approving a translation', () => {
  it('is for an approver other than its author, once', async () => {
    const sop = await sopInForce();
    const added = (await add(approver, sop.latestVersionId as number, { language: 'id', content: 'Tutup katup.' })).json();
    const own = await approve(approver, added.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'own_translation' });
    expect((await approve(owner, added.id)).statusCode).toBe(403);
    const res = await approve(second, added.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', current: true });
    const again = await approve(admin, added.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This translation is already approved');
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'translation_approved'));
    expect(event.actorId).toBe(second.id);
  });

  it('needs a signature when signatures are required, and a refused one changes nothing', async () => {
    const sop = await sopInForce();
    const added = (await add(owner, sop.latestVersionId as number, { language: 'uk', content: 'Закрийте клапани.' })).json();
    expect((await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: true } })).statusCode).toBe(200);
    try {
      const unsigned = await approve(second, added.id);
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json().code).toBe('signature_failed');
      const wrong = await approve(second, added.id, { status: 'approved', signature: { password: 'not-the-password' } });
      expect(wrong.statusCode).toBe(401);
      expect((await t.as(second, { method: 'GET', url: `/api/translations/${added.id}` })).json().status).toBe('draft');
      const signed = await approve(second, added.id, { status: 'approved', signature: { password: second.password } });
      expect(signed.statusCode, signed.body).toBe(200);
      const [row] = await t.db.select().from(sopTranslations).where(eq(sopTranslations.id, added.id));
      expect(row).toMatchObject({ status: 'approved', approvedBy: second.id, signatureMethod: 'password' });
    } finally {
      await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: false } });
    }
  });
});

describe('what the crew reads', () => {
  it('a current translation of the version in force; once a newer version is in force, an outdated one', async () => {
    const sop = await sopInForce();
    const added = (await add(owner, sop.latestVersionId as number, { language: 'fil', content: 'Isara ang mga balbula.' })).json();
    expect((await approve(approver, added.id)).statusCode).toBe(200);
    expect((await getSop(t, crew, sop.id)).translations).toEqual([
      { id: added.id, language: 'fil', versionId: sop.latestVersionId, versionNumber: '1.0', status: 'approved', current: true, createdBy: owner.id },
    ]);
    expect((await t.as(crew, { method: 'GET', url: `/api/translations/${added.id}` })).json()).toMatchObject({
      content: 'Isara ang mga balbula.',
      current: true,
    });

    const revised = await reviseAndApprove(sop.id, 'Close the valves and report to the bridge.');
    const seen = await getSop(t, crew, sop.id);
    expect(seen.effectiveVersionId).toBe(revised.latestVersionId);
    expect(seen.translations).toEqual([expect.objectContaining({ id: added.id, versionNumber: '1.0', status: 'approved', current: false })]);
    // The translation of 1.0 is never the one attested for 1.1.
    const refused = await t.as(crew, { method: 'POST', url: `/api/sop-versions/${revised.latestVersionId}/attestations`, payload: { language: 'fil' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'language',
      message: `Version 1.1 of "${sop.title}" has no approved Filipino translation; attest the original, without a language`,
    });
  });

  it('nothing of a version they may not see, even approved', async () => {
    const sop = await sopInForce();
    expect(
      (await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'Revised steps, not yet approved.' } })).statusCode,
    ).toBe(201);
    const draftVersion = (await getSop(t, owner, sop.id)).latestVersionId as number;
    const added = (await add(approver, draftVersion, { language: 'es', content: 'Pasos revisados.' })).json();
    expect((await approve(second, added.id)).statusCode).toBe(200);
    expect((await getSop(t, owner, sop.id)).translations).toEqual([expect.objectContaining({ id: added.id, status: 'approved', current: false })]);
    expect((await getSop(t, crew, sop.id)).translations).toEqual([]);
    expect((await t.as(crew, { method: 'GET', url: `/api/translations/${added.id}` })).statusCode).toBe(404);
  });

  it('records the language read on the attestation and in the compliance CSV', async () => {
    const sop = await sopInForce();
    const versionId = sop.latestVersionId as number;
    const added = (await add(owner, versionId, { language: 'fil', content: 'Isara ang mga balbula.' })).json();
    expect((await approve(approver, added.id)).statusCode).toBe(200);
    const attested = await t.as(crew, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations`, payload: { language: 'fil' } });
    expect(attested.statusCode, attested.body).toBe(201);
    expect(attested.json().language).toBe('fil');
    const original = await t.as(second, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations` });
    expect(original.json().language).toBeNull();

    const csv = await t.as(admin, { method: 'GET', url: '/api/compliance/export.csv' });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0].split(',').at(-1)).toBe('Language');
    const line = lines.find((l) => l.includes(sop.title));
    expect(line?.split(',').at(-1)).toBe('Filipino 1');

    // Per person too: the crew member's row of people.csv counts the attestation read in Filipino.
    const before = crew.departmentId ?? null;
    await placeIn(t, admin, departmentId, crew);
    try {
      const people = await t.as(admin, { method: 'GET', url: `/api/compliance/people.csv?departmentId=${departmentId}` });
      expect(people.statusCode).toBe(200);
      const rows = people.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(rows[0].split(',').at(-1)).toBe('Language');
      // Only the crew member of this department attested in Filipino (the approver read the original).
      expect(rows.filter((r) => r.endsWith(',Filipino 1'))).toHaveLength(1);
    } finally {
      await placeIn(t, admin, before, crew);
    }
  });
});

describe('hostile input', () => {
  it('names the field it refuses, and stores nothing', async () => {
    const sop = await sopInForce();
    const versionId = sop.latestVersionId as number;
    const before = await rows();
    for (const [payload, field] of [
      [{ language: 'de', content: 'Schließen Sie die Ventile.' }, 'language'],
      [{ language: 'en', content: 'Close the valves.' }, 'language'],
      [{ content: 'Isara.' }, 'language'],
      [{ language: 'fil', content: 'Isara\u0000 ang mga balbula.' }, 'content'],
      [{ language: 'fil', content: '   ' }, 'content'],
      [{ language: 'fil', content: 'x'.repeat(200_001) }, 'content'],
    ] as const) {
      const res = await add(owner, versionId, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await add(owner, versionId, { language: 'fil', content: 'Isara.', status: 'approved' })).statusCode).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('refuses a multipart upload without its one file, or with a NUL in its language', async () => {
    const sop = await sopInForce();
    const pdf = { name: 'steps.pdf', data: await makePdf('Hakbang'), type: 'application/pdf' };
    const before = await rows();
    const none = multipart([], { language: 'fil' });
    const noFile = await t.as(owner, {
      method: 'POST',
      url: `/api/sop-versions/${sop.latestVersionId}/translations`,
      payload: none.payload,
      headers: none.headers,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().field).toBe('file');
    const nul = await upload(owner, sop.latestVersionId, pdf, 'fil\u0000');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().field).toBe('language');
    expect(await rows()).toBe(before);
  });

  it('answers 400 for an id that is not one and 404 for one that does not exist', async () => {
    expect((await add(owner, 'abc', { language: 'fil', content: 'Isara.' })).statusCode).toBe(400);
    expect((await add(owner, 0, { language: 'fil', content: 'Isara.' })).statusCode).toBe(400);
    expect((await add(owner, 999999, { language: 'fil', content: 'Isara.' })).statusCode).toBe(404);
    expect((await t.as(crew, { method: 'GET', url: '/api/translations/1e3' })).statusCode).toBe(400);
    expect((await t.as(crew, { method: 'GET', url: '/api/translations/999999' })).statusCode).toBe(404);
    expect((await approve(second, 999999)).statusCode).toBe(404);
    expect((await approve(second, 1, { status: 'draft' })).statusCode).toBe(400);
  });
});

describe('outdated translations across the library', () => {
  const outdated = async (user: TestUser) => {
    const res = await t.as(user, { method: 'GET', url: '/api/translations/outdated' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; sopId: number; language: string; versionNumber: string; inForceVersionNumber: string; outdatedSince: string }[];
  };

  it('lists, per SOP and language, the approved translation of an older version until the version in force has its own', async () => {
    const sop = await sopInForce();
    const fil = (await add(owner, sop.latestVersionId as number, { language: 'fil', content: 'Isara ang mga balbula.' })).json();
    const es = (await add(owner, sop.latestVersionId as number, { language: 'es', content: 'Cierre las válvulas.' })).json();
    // A draft is not outdated: it was never in use.
    const draftUk = (await add(owner, sop.latestVersionId as number, { language: 'uk', content: 'Закрийте клапани.' })).json();
    await approve(approver, fil.id);
    await approve(approver, es.id);
    expect((await outdated(admin)).filter((o) => o.sopId === sop.id)).toEqual([]);

    const revised = await reviseAndApprove(sop.id, 'Close the valves and report to the bridge.');
    const inForce = revised.versions.find((v) => v.id === revised.effectiveVersionId)?.versionNumber;
    expect(inForce).toBe('1.1');
    const mine = (await outdated(approver)).filter((o) => o.sopId === sop.id);
    expect(mine).toEqual([
      expect.objectContaining({ id: es.id, language: 'es', versionNumber: '1.0', inForceVersionNumber: '1.1' }),
      expect.objectContaining({ id: fil.id, language: 'fil', versionNumber: '1.0', inForceVersionNumber: '1.1' }),
    ]);
    expect(mine.some((o) => o.id === draftUk.id)).toBe(false);
    expect(Number.isNaN(Date.parse(mine[0].outdatedSince))).toBe(false);

    // The Filipino translation of the version in force, approved: only Spanish is left to do.
    const newFil = (await add(owner, revised.effectiveVersionId as number, { language: 'fil', content: 'Isara ang mga balbula at mag-ulat sa tulay.' })).json();
    await approve(second, newFil.id);
    expect((await outdated(admin)).filter((o) => o.sopId === sop.id).map((o) => o.language)).toEqual(['es']);
  });

  it('is for approvers and admins: a plain user is refused', async () => {
    expect((await t.as(crew, { method: 'GET', url: '/api/translations/outdated' })).statusCode).toBe(403);
    expect((await t.as(owner, { method: 'GET', url: '/api/translations/outdated' })).statusCode).toBe(403);
  });
});
