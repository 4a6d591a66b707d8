import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNATURE_FAILED_MESSAGE, SIGNATURE_REQUIRED_MESSAGE } from '../../../../common/contracts/signatures';
import { approvalSignatures, attachments, approvalTasks, attestations, sops } from '../../db/schema';
import { crewOf, type TestUser } from '../../test/factories';
import { buildDepartment } from '../../test/factories';
import { createSopAs, decideTask, pdfParts, submitSopAs, uploadFiles } from '../../test/client';
import { softwareAuthenticator } from '../../test/software-authenticator';

/**
 * Electronic signatures: off by default (decisions as before, a proof given is still checked);
 * when required, a decision or an attestation without a proof, or with a wrong one, is 401
 * signature_failed and records nothing; a passkey registered with a software authenticator
 * signs; every signature keeps the digest of the version, recomputable from its text and files.
 */
const { t, admin, approver, author, crew } = await crewOf({ admin: 'admin', approver: 'approver', author: 'user', crew: 'user' });
let departmentId = 0;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Bridge')).id;
});

const requireSignatures = async (on: boolean) => {
  const res = await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: on } });
  expect(res.statusCode, res.body).toBe(200);
};
const submitted = async (title: string, content = `Steps of ${title}`) => {
  const sop = await createSopAs(t, author, { departmentId, title, content });
  return { sop, taskId: (await submitSopAs(t, author, sop.id)).taskId, versionId: sop.latestVersionId as number };
};
const attest = (who: TestUser, versionId: number, payload?: object) =>
  t.as(who, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations`, ...(payload ? { payload } : {}) });
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const versionOf = async (taskId: number) => (await t.db.select().from(approvalTasks).where(eq(approvalTasks.id, taskId)))[0].versionId;
const signatureOf = async (taskId: number) => (await t.db.select().from(approvalSignatures).where(eq(approvalSignatures.taskId, taskId)))[0];

// Each test sets the switch it needs: none depends on what an earlier one left.
describe('signatures not required (the default)', () => {
  it('decides without a proof, records no method; a wrong password given is still refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toMatchObject({ requireSignatures: false });
    const { taskId } = await submitted('Anchor Watch');
    const wrong = await decideTask(t, approver, taskId, { status: 'approved', signature: { password: 'not-it' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'signature_failed', message: SIGNATURE_FAILED_MESSAGE });
    expect(await signatureOf(taskId)).toBeUndefined();
    const res = await decideTask(t, approver, taskId, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await signatureOf(taskId)).method).toBeNull();
    expect(res.json().step.signatures[0]).toMatchObject({ userId: approver.id, meaning: 'approved', method: null });
  });
});

describe('signatures required', () => {
  beforeEach(() => requireSignatures(true));

  it('refuses a decision without a proof or with a wrong password: 401, nothing changed', async () => {
    const { sop, taskId } = await submitted('Pilot Boarding');
    const missing = await decideTask(t, approver, taskId, { status: 'approved' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 'signature_failed', message: SIGNATURE_REQUIRED_MESSAGE });
    const wrong = await decideTask(t, approver, taskId, { status: 'changes_requested', comments: 'Fix step 2', signature: { password: 'guess' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('signature_failed');
    expect(await signatureOf(taskId)).toBeUndefined();
    const [task] = await t.db.select().from(approvalTasks).where(eq(approvalTasks.id, taskId));
    expect(task.status).toBe('pending');
    const [row] = await t.db.select({ status: sops.status }).from(sops).where(eq(sops.id, sop.id));
    expect(row.status).toBe('submitted');
  });

  it('signs with the password; the stored hash is the digest of the content and the sorted file hashes', async () => {
    const content = 'Keep the pilot ladder rigged by the book.';
    const { sop, taskId, versionId } = await submitted('Pilot Ladder', content);
    // Files on a submitted version: add them to a fresh one before submitting.
    expect(sop.latestVersionId).toBe(versionId);
    const res = await decideTask(t, approver, taskId, { status: 'approved', signature: { password: approver.password } });
    expect(res.statusCode, res.body).toBe(200);
    const signature = await signatureOf(taskId);
    expect(signature).toMatchObject({ method: 'password', meaning: 'approved', userId: approver.id });
    expect(signature.contentSha256).toBe(sha(`${sha(content)}\n`));
    expect(res.json().step.signatures[0]).toMatchObject({ method: 'password', sha256: signature.contentSha256 });
  });

  it('a digest covers the files of the version, in sorted order', async () => {
    const sop = await createSopAs(t, author, { departmentId, title: 'Bunkering', content: 'Close the scuppers.' });
    const files = await uploadFiles(t, author, sop.latestVersionId as number, await pdfParts(2, 'bunkering'));
    const { taskId } = await submitSopAs(t, author, sop.id);
    const res = await decideTask(t, approver, taskId, { status: 'approved', signature: { password: approver.password } });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.db
      .select({ sha256: attachments.sha256 })
      .from(attachments)
      .where(
        inArray(
          attachments.id,
          files.map((f) => f.id),
        ),
      );
    const hashes = stored.map((f) => f.sha256 as string);
    expect(hashes).toHaveLength(2);
    const expected = sha(
      `${sha('Close the scuppers.')}\n${[...hashes]
        .sort()
        .map((h) => `${h}\n`)
        .join('')}`,
    );
    expect((await signatureOf(taskId)).contentSha256).toBe(expected);
  });

  it('attesting needs the password too; the attestation keeps the method and the digest', async () => {
    const { taskId, versionId } = await submitted('Muster Drill', 'Go to your station.');
    expect((await decideTask(t, approver, taskId, { status: 'approved', signature: { password: approver.password } })).statusCode).toBe(200);
    const missing = await attest(crew, versionId);
    expect(missing.statusCode, missing.body).toBe(401);
    expect(missing.json().code).toBe('signature_failed');
    expect((await attest(crew, versionId, { signature: { password: 'wrong' } })).statusCode).toBe(401);
    expect(await t.db.select().from(attestations).where(eq(attestations.versionId, versionId))).toHaveLength(0);
    const res = await attest(crew, versionId, { signature: { password: crew.password } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(attestations).where(eq(attestations.versionId, versionId));
    expect(row).toMatchObject({ userId: crew.id, signatureMethod: 'password', contentSha256: sha(`${sha('Go to your station.')}\n`) });
  });

  it('throttles repeated failures like sign-in: 429 after ten', async () => {
    const { taskId } = await submitted('Gangway');
    const signer = await t.signedInUser('approver');
    for (let i = 0; i < 10; i++) expect((await decideTask(t, signer, taskId, { status: 'approved', signature: { password: 'x' } })).statusCode).toBe(401);
    const throttled = await decideTask(t, signer, taskId, { status: 'approved', signature: { password: signer.password } });
    expect(throttled.statusCode).toBe(429);
    expect(await signatureOf(taskId)).toBeUndefined();
  });

  it('a passkey registered with a software authenticator signs; a replayed or foreign assertion does not', async () => {
    const key = softwareAuthenticator();
    const options = await t.as(approver, { method: 'POST', url: '/api/account/passkeys/options', payload: { password: approver.password } });
    expect(options.statusCode, options.body).toBe(200);
    const registered = await t.as(approver, {
      method: 'POST',
      url: '/api/account/passkeys',
      payload: { name: 'Bridge key', response: key.register(options.json()) },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const list = await t.as(approver, { method: 'GET', url: '/api/account/passkeys' });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'Bridge key', lastUsedAt: null })]);

    const { taskId } = await submitted('Engine Start');
    const challenge = (await t.as(approver, { method: 'POST', url: '/api/signatures/challenge', payload: { versionId: await versionOf(taskId) } })).json();
    const assertion = key.sign(challenge);
    const res = await decideTask(t, approver, taskId, { status: 'changes_requested', comments: 'Add the checklist', signature: { passkey: assertion } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signatureOf(taskId)).toMatchObject({ method: 'passkey', meaning: 'changes_requested' });

    // The challenge is used once: the same assertion again fails.
    const again = await submitted('Engine Stop');
    expect((await decideTask(t, approver, again.taskId, { status: 'approved', signature: { passkey: assertion } })).statusCode).toBe(401);
    // Someone else's passkey does not sign for the approver.
    const stranger = softwareAuthenticator();
    const fresh = (await t.as(approver, { method: 'POST', url: '/api/signatures/challenge', payload: { versionId: await versionOf(again.taskId) } })).json();
    expect((await decideTask(t, approver, again.taskId, { status: 'approved', signature: { passkey: stranger.sign(fresh) } })).statusCode).toBe(401);
    expect(await signatureOf(again.taskId)).toBeUndefined();

    // Removed, it signs no more.
    const id = list.json()[0].id;
    expect((await t.as(crew, { method: 'DELETE', url: `/api/account/passkeys/${id}` })).statusCode).toBe(404);
    expect((await t.as(approver, { method: 'DELETE', url: `/api/account/passkeys/${id}` })).statusCode).toBe(200);
    expect((await t.as(approver, { method: 'POST', url: '/api/signatures/challenge', payload: { versionId: await versionOf(again.taskId) } })).statusCode).toBe(
      409,
    );
  });

  it('turned off again, decisions need no proof', async () => {
    const { taskId } = await submitted('Lifeboat Lowering');
    expect((await decideTask(t, approver, taskId, { status: 'approved' })).statusCode).toBe(401);
    await requireSignatures(false);
    expect((await decideTask(t, approver, taskId, { status: 'approved' })).statusCode).toBe(200);
  });
});
