import { beforeAll, describe, expect, it } from 'vitest';
import type { SopHistory } from '../../../../common/contracts/review-loop';
import { crewOf, buildDepartment } from '../../test/factories';
import { submitSopAs, decideTask, getSop } from '../../test/client';
import { attestAs, complianceOf, placeIn, publishedSop, readingOf } from '../../test/reading';

/**
 * Revision classes: an editorial version keeps the attestations of the version it replaces
 * (nobody reads again, the counts stay); major and minor versions reset reading. The class is
 * given at submission, may change at approval, and shows in history and the register.
 */
const { t, admin, approver, author, ada, bo } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  author: 'user',
  ada: { role: 'user', firstName: 'Ada' },
  bo: { role: 'user', firstName: 'Bo' },
});
let deck = 0;

beforeAll(async () => {
  deck = (await buildDepartment(t.db, 'Deck')).id;
  await placeIn(t, admin, deck, ada, bo);
});

async function newVersion(sopId: number, versionNumber: string) {
  const res = await t.as(author, { method: 'POST', url: `/api/sops/${sopId}/versions`, payload: { versionNumber, content: `Text of ${versionNumber}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function decide(taskId: number, payload: Record<string, unknown>) {
  const res = await decideTask(t, approver, taskId, payload);
  expect(res.statusCode, res.body).toBe(200);
}

const outstandingTitles = async (who: typeof ada) => (await readingOf(t, who)).outstanding.map((item) => item.title);
const detail = (sopId: number) => getSop(t, approver, sopId);

describe('revision classes', () => {
  it('an editorial version keeps attestations and counts; a major one resets them', async () => {
    const sop = await publishedSop(t, author, approver, deck, 'Mooring stations');
    await attestAs(t, ada, sop.versionId);
    expect(await complianceOf(t, approver, sop.id)).toMatchObject({ required: 2, attested: 1 });

    const editorial = await newVersion(sop.id, '1.1');
    const { taskId } = await submitSopAs(t, author, sop.id, { revisionClass: 'editorial' });
    const queue = (await t.as(approver, { method: 'GET', url: '/api/approvals' })).json() as { id: number; version: { revisionClass: string } }[];
    expect(queue.find((task) => task.id === taskId)?.version.revisionClass).toBe('editorial');
    await decide(taskId, { status: 'approved' });

    expect(await complianceOf(t, approver, sop.id)).toMatchObject({ versionId: editorial, versionNumber: '1.1', required: 2, attested: 1 });
    expect(await outstandingTitles(ada)).not.toContain('Mooring stations');
    expect(await outstandingTitles(bo)).toContain('Mooring stations');
    const summary = (await t.as(ada, { method: 'GET', url: `/api/sop-versions/${editorial}/attestations` })).json();
    expect(summary).toMatchObject({ versionId: editorial, count: 1, attestedByMe: true });

    // Bo reads 1.1; then a major version: everyone reads again.
    await attestAs(t, bo, editorial);
    expect(await complianceOf(t, approver, sop.id)).toMatchObject({ attested: 2 });
    const major = await newVersion(sop.id, '2.0');
    await decide((await submitSopAs(t, author, sop.id)).taskId, { status: 'approved' });
    expect(await complianceOf(t, approver, sop.id)).toMatchObject({ versionId: major, required: 2, attested: 0 });
    expect(await outstandingTitles(ada)).toContain('Mooring stations');
    expect((await detail(sop.id)).versions.map((v) => [v.versionNumber, v.revisionClass])).toEqual(
      expect.arrayContaining([
        ['1.0', 'major'],
        ['1.1', 'editorial'],
        ['2.0', 'major'],
      ]),
    );
  });

  it('a minor version resets reading too', async () => {
    const sop = await publishedSop(t, author, approver, deck, 'Gangway watch');
    await attestAs(t, ada, sop.versionId);
    await newVersion(sop.id, '1.1');
    await decide((await submitSopAs(t, author, sop.id, { revisionClass: 'minor' })).taskId, { status: 'approved' });
    expect(await complianceOf(t, approver, sop.id)).toMatchObject({ versionNumber: '1.1', attested: 0 });
    expect(await outstandingTitles(ada)).toContain('Gangway watch');
  });

  it('the approver may change the class when approving; history and the register show it', async () => {
    const sop = await publishedSop(t, author, approver, deck, 'Bunkering checklist');
    await attestAs(t, ada, sop.versionId);
    await attestAs(t, bo, sop.versionId);
    await newVersion(sop.id, '1.1');
    const { taskId } = await submitSopAs(t, author, sop.id, { revisionClass: 'major' });
    await decide(taskId, { status: 'approved', revisionClass: 'editorial' });
    expect(await complianceOf(t, approver, sop.id)).toMatchObject({ versionNumber: '1.1', required: 2, attested: 2 });

    const history = (await t.as(approver, { method: 'GET', url: `/api/sops/${sop.id}/history` })).json() as SopHistory;
    const classOf = (action: string) => history.find((e) => e.action === action && e.versionNumber === '1.1')?.revisionClass;
    expect(classOf('sop_submitted')).toBe('major');
    expect(classOf('sop_approved')).toBe('editorial');

    const csv = (await t.as(approver, { method: 'GET', url: '/api/sops/export.csv?search=Bunkering' })).body;
    const [header, row] = csv
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    expect(row[header.indexOf('Revision class')]).toBe('editorial');
  });

  it('refuses an unknown class with 400 and changes nothing', async () => {
    const sop = await publishedSop(t, author, approver, deck, 'Pilot ladder');
    await newVersion(sop.id, '1.1');
    const before = await detail(sop.id);
    const res = await t.as(author, { method: 'POST', url: `/api/sops/${sop.id}/submit`, payload: { revisionClass: 'cosmetic' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/revisionClass/);
    expect(await detail(sop.id)).toEqual(before);
    expect(before.status).not.toBe('submitted');
  });
});
