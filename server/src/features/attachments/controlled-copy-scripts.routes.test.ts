import { beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../../../../common/contracts/attachments';
import { createSopAs, decideTask, setApprovalRouteAs, submitSopAs, uploadFiles } from '../../test/client';
import { buildPdf, pdfPageTexts } from '../../test/documents';
import { buildDepartment, crewOf, type TestUser } from '../../test/factories';

/**
 * Names as written on a controlled copy: crew whose names are in Cyrillic, Greek and Devanagari
 * approve, attest and print, and the stamp and the signature page read back with each name
 * exactly (the PDF carries its fonts); the words around them follow the language asked for.
 */
const { t, admin, greek, ukrainian, hindi, author } = await crewOf({
  admin: 'admin',
  greek: { role: 'approver', firstName: 'Κωνσταντίνος', lastName: 'Παπαδόπουλος' },
  ukrainian: { role: 'user', firstName: 'Олександр', lastName: 'Шевченко' },
  hindi: { role: 'user', firstName: 'राजेश', lastName: 'कुमार' },
  author: 'user',
});
const NAMES = ['Κωνσταντίνος Παπαδόπουλος', 'Олександр Шевченко', 'राजेश कुमार'];
/**
 * A stamped copy is at most this much larger than its source: the stamp, the signature page
 * and four font subsets (measured: 14.5 to 14.8 KB over this 1.3 KB page; a whole Noto Sans
 * would add 630 KB).
 */
const MAX_GROWTH = 40 * 1024;
let source: Buffer;
let pdf: Attachment;

const password = (who: TestUser) => ({ signature: { password: who.password } });
const copy = async (who: TestUser, language?: string) => {
  const res = await t.as(who, { method: 'GET', url: `/api/attachments/${pdf.id}/controlled-copy${language ? `?language=${language}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};
/** pdfjs answers a line drawn in two fonts as two pieces: read them back with single spaces. */
const pageTexts = async (file: Buffer) => (await pdfPageTexts(file)).map((text) => text.replace(/\s+/g, ' '));

beforeAll(async () => {
  const departmentId = (await buildDepartment(t.db, 'Deck')).id;
  await setApprovalRouteAs(t, admin, departmentId, [{ name: 'Master approval', approverIds: [greek.id], required: 1 }]);
  const settings = await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: true } });
  expect(settings.statusCode, settings.body).toBe(200);
  const sop = await createSopAs(t, author, { departmentId, title: 'Mooring Stations', versionNumber: '1.0' });
  source = await buildPdf({ title: 'Mooring', body: Array.from({ length: 20 }, (_, i) => `Step ${i + 1}: stand clear of the bight.`) });
  [pdf] = await uploadFiles(t, author, sop.latestVersionId as number, [{ name: 'mooring.pdf', data: source, type: 'application/pdf' }]);
  const { taskId } = await submitSopAs(t, author, sop.id);
  const decided = await decideTask(t, greek, taskId, { status: 'approved', ...password(greek) });
  expect(decided.statusCode, decided.body).toBe(200);
  for (const reader of [ukrainian, hindi]) {
    const attested = await t.as(reader, { method: 'POST', url: `/api/sop-versions/${sop.latestVersionId}/attestations`, payload: password(reader) });
    expect(attested.statusCode, attested.body).toBe(201);
  }
});

describe('a controlled copy names every signer and printer as written', () => {
  it('reads back the Greek, Cyrillic and Devanagari names on the signature page and on the stamp of every page, and grows by kilobytes', async () => {
    for (const [i, printer] of [greek, ukrainian, hindi].entries()) {
      const file = await copy(printer);
      const pages = await pageTexts(file);
      expect(pages).toHaveLength(2);
      const signatures = pages[1];
      for (const name of NAMES) expect(signatures).toContain(name);
      expect(signatures).toContain('Meaning: Approved (step: Master approval)');
      expect(signatures.match(/Meaning: Read and understood/g)).toHaveLength(2);
      for (const text of pages) {
        expect(text).toContain(`Printed by ${NAMES[i]} on`);
        expect(text).not.toContain('?');
      }
      expect(file.length - source.length).toBeLessThan(MAX_GROWTH);
    }
  });

  it('prints the stamp and the signature page in Ukrainian or Hindi when asked, the names unchanged', async () => {
    const [document, signatures] = await pageTexts(await copy(ukrainian, 'uk'));
    expect(document).toContain('Mooring Stations · Версія 1.0 · Чинна з');
    expect(document).toContain('Надруковано: Олександр Шевченко,');
    expect(document).toContain('Після друку копія неконтрольована');
    expect(signatures).toContain('Електронні підписи');
    expect(signatures).toContain('Сторінка підписів 1 з 1');
    expect(signatures).toContain('Значення: Затверджено (етап: Master approval)');
    expect(signatures).toContain('Κωνσταντίνος Παπαδόπουλος');
    expect(signatures).not.toContain('Meaning:');

    const hindiPages = await pageTexts(await copy(hindi, 'hi'));
    // Words whose glyphs are drawn in reading order: pdfjs reads others reordered (decision 071).
    expect(hindiPages[0]).toContain('Mooring Stations · संस्करण 1.0 ·');
    expect(hindiPages[0]).toContain('से लागू राजेश कुमार');
    expect(hindiPages[1]).toContain('Олександр Шевченко');
    expect(hindiPages[1]).not.toContain('Electronic signatures');
  });

  it('prints in the printer’s own language when the address names none', async () => {
    const chosen = await t.as(ukrainian, { method: 'PUT', url: '/api/account/language', payload: { language: 'uk' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    try {
      const [document, signatures] = await pageTexts(await copy(ukrainian));
      expect(document).toContain('Надруковано: Олександр Шевченко,');
      expect(signatures).toContain('Електронні підписи');
      // Asked for by name, another language wins.
      expect((await pageTexts(await copy(ukrainian, 'en')))[0]).toContain('Printed by Олександр Шевченко on');
    } finally {
      await t.as(ukrainian, { method: 'PUT', url: '/api/account/language', payload: { language: 'en' } });
    }
  });

  it('refuses a language it does not print in', async () => {
    const res = await t.as(hindi, { method: 'GET', url: `/api/attachments/${pdf.id}/controlled-copy?language=fr` });
    expect(res.statusCode).toBe(400);
  });
});
