import { describe, expect, it } from 'vitest';
import type { SopDetail, SopListItem } from '../../../../common/contracts/sops';
import { buildDepartment } from '../../test/builders';
import { createSopAs, decideTask, getSop, submitSopAs } from '../../test/client';
import { makePdf } from '../../test/documents';
import { crewOf, type TestUser } from '../../test/factories';
import { multipart } from '../../test/multipart';

/**
 * Search finds the words of approved translations of the version in force, written as text or
 * uploaded as a file (read by the document workers like an attachment); never a draft's, and
 * never once the translation is outdated. Jobs run when a test says so.
 */
const { t, approver, second, owner, crew } = await crewOf({ approver: 'approver', second: 'approver', owner: 'user', crew: 'user' }, { jobs: 'manual' });
const departmentId = (await buildDepartment(t.db)).id;

const search = async (term: string, user: TestUser = crew) => {
  const res = await t.as(user, { method: 'GET', url: `/api/sops?search=${encodeURIComponent(term)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SopListItem[];
};

async function sopInForce(content: string): Promise<SopDetail> {
  const sop = await createSopAs(t, owner, { departmentId, content });
  const { taskId } = await submitSopAs(t, owner, sop.id);
  expect((await decideTask(t, approver, taskId, { status: 'approved' })).statusCode).toBe(200);
  return getSop(t, owner, sop.id);
}

const approve = async (id: number) =>
  expect((await t.as(second, { method: 'PUT', url: `/api/translations/${id}`, payload: { status: 'approved' } })).statusCode).toBe(200);

describe('search in translations', () => {
  it('finds a word of an approved text translation, says which language, and drops it once outdated', async () => {
    const sop = await sopInForce('Close the manifold valves before bunkering.');
    const added = await t.as(owner, {
      method: 'POST',
      url: `/api/sop-versions/${sop.latestVersionId}/translations`,
      payload: { language: 'fil', content: 'Isara ang mga balbulang manipoldo bago mag-bunker.' },
    });
    expect(added.statusCode, added.body).toBe(201);
    // A draft is nobody's search answer, not even its author's or an approver's.
    expect(await search('manipoldo')).toEqual([]);
    expect(await search('manipoldo', approver)).toEqual([]);

    await approve(added.json().id);
    const [hit, ...rest] = await search('manipoldo');
    expect(rest).toEqual([]);
    expect(hit.id).toBe(sop.id);
    expect(hit.match).toMatchObject({ field: 'translation', language: 'fil', attachmentId: null, attachmentName: null });
    expect(hit.match?.snippet).toContain('balbulang manipoldo');
    const [start, end] = hit.match!.highlights[0];
    expect(hit.match?.snippet.slice(start, end)).toBe('manipoldo');
    // The original's own words still rank the SOP above any translation.
    expect((await search('manifold'))[0].match?.field).toBe('content');

    // A newer version comes into force: the translation of 1.0 no longer answers for the SOP.
    expect(
      (await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'Close the valves; report to the bridge.' } })).statusCode,
    ).toBe(201);
    const { taskId } = await submitSopAs(t, owner, sop.id);
    expect((await decideTask(t, approver, taskId, { status: 'approved' })).statusCode).toBe(200);
    expect(await search('manipoldo')).toEqual([]);
  });

  it('finds a word in the text of an approved translation uploaded as a PDF, once the workers have read it', async () => {
    const sop = await sopInForce('Secure the gangway before departure.');
    const pdf = await makePdf('Pasarela', ['Asegure la pasarelaxq antes de la salida.']);
    const body = multipart([{ name: 'pasarela.pdf', data: pdf, type: 'application/pdf' }], { language: 'es' });
    const added = await t.as(owner, {
      method: 'POST',
      url: `/api/sop-versions/${sop.latestVersionId}/translations`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(added.statusCode, added.body).toBe(201);
    await approve(added.json().id);
    // Not read yet: nothing to find.
    expect(await search('pasarelaxq')).toEqual([]);
    await t.jobs.runUntilIdle();
    const hits = await search('pasarelaxq');
    expect(hits.map((h) => h.id)).toEqual([sop.id]);
    expect(hits[0].match).toMatchObject({ field: 'translation', language: 'es' });
    expect(hits[0].match?.snippet).toContain('pasarelaxq');
  });
});
