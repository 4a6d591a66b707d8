import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SopHistoryEvent } from '../../../../common/contracts/review-loop';
import type { Attachment } from '../../../../common/contracts/attachments';
import { approvalSignatures, attestations } from '../../db/schema';
import { createSopAs, decideTask, setApprovalRouteAs, submitSopAs, uploadFiles } from '../../test/client';
import { makePdf, pdfPageTexts } from '../../test/documents';
import { buildDepartment, crewOf, type TestUser } from '../../test/factories';
import { NO_SIGNATURES } from './signature-page.service';
import { versionDigest } from './version-digest.service';

/**
 * Where signatures are read back: the controlled copy ends with a signature page (each signer,
 * meaning with the step, time, method and the digest signed), and the SOP history carries the
 * signature of each signed decision and attestation.
 */
const { t, admin, head, dpa, author, crew } = await crewOf({
  admin: 'admin',
  head: { role: 'approver', firstName: 'Konstantinos', lastName: 'Papadopoulos-Andersson' },
  dpa: { role: 'approver', firstName: 'Dara', lastName: 'Okafor' },
  author: 'user',
  crew: { role: 'user', firstName: 'Rita', lastName: 'Moreira' },
});
const PDF_TYPE = 'application/pdf';
let departmentId = 0;
let sopId = 0;
let versionId = 0;
let pdf: Attachment;

const password = (who: TestUser) => ({ signature: { password: who.password } });
const copy = (attachmentId: number) => t.as(crew, { method: 'GET', url: `/api/attachments/${attachmentId}/controlled-copy` });
const signaturePage = async (attachmentId: number) => {
  const res = await copy(attachmentId);
  expect(res.statusCode, res.body).toBe(200);
  return (await pdfPageTexts(res.rawPayload)).filter((text) => text.includes('Electronic signatures')).join('\n');
};

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Deck')).id;
  await setApprovalRouteAs(t, admin, departmentId, [
    { name: 'Department review', approverIds: [head.id], required: 1 },
    { name: 'DPA approval', approverIds: [dpa.id], required: 1 },
  ]);
  const settings = await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: true } });
  expect(settings.statusCode, settings.body).toBe(200);

  const sop = await createSopAs(t, author, { departmentId, title: 'Mooring Stations', content: 'Stand clear of the bight.' });
  sopId = sop.id;
  versionId = sop.latestVersionId as number;
  [pdf] = await uploadFiles(t, author, versionId, [{ name: 'mooring.pdf', data: await makePdf('Mooring'), type: PDF_TYPE }]);
  const { taskId } = await submitSopAs(t, author, sopId);
  for (const who of [head, dpa]) {
    const res = await decideTask(t, who, taskId, { status: 'approved', ...password(who) });
    expect(res.statusCode, res.body).toBe(200);
  }
  const attested = await t.as(crew, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations`, payload: password(crew) });
  expect(attested.statusCode, attested.body).toBe(201);
});

describe('the controlled copy’s signature page', () => {
  it('follows the document’s pages and lists each signer, meaning with the step, time, method and the digest signed', async () => {
    const res = await copy(pdf.id);
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).not.toContain('Electronic signatures');
    const page = pages[1];
    const digest = await versionDigest(t.db, versionId);
    expect(page).toContain('Mooring Stations · Version');
    expect(page).toContain(`SHA-256 of this version (its text and files): ${digest}`);
    expect(page).toContain('Konstantinos Papadopoulos-Andersson');
    expect(page).toContain('Meaning: Reviewed (step: Department review)');
    expect(page).toContain('Dara Okafor');
    expect(page).toContain('Meaning: Approved (step: DPA approval)');
    expect(page).toContain('Rita Moreira');
    expect(page).toContain('Meaning: Read and understood');
    expect(page.match(/Method: password/g)).toHaveLength(3);
    expect(page.match(new RegExp(`SHA-256 of the signed version: ${digest}`, 'g'))).toHaveLength(3);
    const [signed] = await t.db.select().from(approvalSignatures).where(eq(approvalSignatures.userId, head.id));
    expect(page).toContain(`Signed: ${signed.signedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`);
    // The signers, in order: the route's steps, then the readers.
    expect(page.indexOf('Papadopoulos')).toBeLessThan(page.indexOf('Okafor'));
    expect(page.indexOf('Okafor')).toBeLessThan(page.indexOf('Moreira'));
    // The page is stamped like the others.
    expect(page).toContain('Uncontrolled when printed');
  });

  it('says plainly when the version has no signatures (decisions made before they were kept)', async () => {
    const kept = await t.db.delete(approvalSignatures).where(eq(approvalSignatures.versionId, versionId)).returning();
    const attested = await t.db.delete(attestations).where(eq(attestations.versionId, versionId)).returning();
    try {
      const page = await signaturePage(pdf.id);
      expect(page).toContain(NO_SIGNATURES);
      expect(page).not.toContain('Meaning:');
    } finally {
      await t.db.insert(approvalSignatures).values(kept.map(({ id: _id, ...row }) => row));
      await t.db.insert(attestations).values(attested.map(({ id: _id, ...row }) => row));
    }
  });
});

describe('GET /api/sops/{id}/history', () => {
  it('carries the signature of each signed decision and of the signed attestation; other events carry none', async () => {
    const res = await t.as(admin, { method: 'GET', url: `/api/sops/${sopId}/history` });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json() as SopHistoryEvent[];
    const digest = await versionDigest(t.db, versionId);
    const signatureOf = (action: string) => events.find((e) => e.action === action)?.signature;
    expect(signatureOf('sop_step_approved')).toEqual({ meaning: 'reviewed', stepName: 'Department review', method: 'password', sha256: digest });
    expect(signatureOf('sop_approved')).toEqual({ meaning: 'approved', stepName: 'DPA approval', method: 'password', sha256: digest });
    expect(signatureOf('sop_attested')).toEqual({ meaning: 'read_and_understood', stepName: null, method: 'password', sha256: digest });
    expect(events.find((e) => e.action === 'sop_step_approved')?.actor).toMatchObject({ firstName: 'Konstantinos' });
    for (const e of events.filter((e) => !['sop_step_approved', 'sop_approved', 'sop_attested'].includes(e.action))) expect(e.signature, e.action).toBeNull();
  });

  it('carries the signature of a request for changes, and a decision made without a proof has its method null', async () => {
    const off = await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: false } });
    expect(off.statusCode).toBe(200);
    const sop = await createSopAs(t, author, { departmentId, title: 'Gangway Watch' });
    const { taskId } = await submitSopAs(t, author, sop.id);
    expect((await decideTask(t, head, taskId, { status: 'approved' })).statusCode).toBe(200);
    const asked = await decideTask(t, dpa, taskId, { status: 'changes_requested', comments: 'Name the watch', ...password(dpa) });
    expect(asked.statusCode, asked.body).toBe(200);
    const events = (await t.as(author, { method: 'GET', url: `/api/sops/${sop.id}/history` })).json() as SopHistoryEvent[];
    expect(events.find((e) => e.action === 'sop_changes_requested')?.signature).toMatchObject({
      meaning: 'changes_requested',
      stepName: 'DPA approval',
      method: 'password',
    });
    expect(events.find((e) => e.action === 'sop_step_approved')?.signature).toMatchObject({ meaning: 'reviewed', method: null });
  });
});
