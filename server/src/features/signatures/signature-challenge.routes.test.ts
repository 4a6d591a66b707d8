import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalSignatures, approvalTasks } from '../../db/schema';
import { buildDepartment, crewOf } from '../../test/factories';
import { createSopAs, decideTask, submitSopAs } from '../../test/client';
import { softwareAuthenticator } from '../../test/software-authenticator';

/**
 * Issue 35, finding 6: with a passkey whose counter stays 0 (synced passkeys report 0), one
 * challenge and one assertion signed four approvals sent in parallel; the challenge was not bound
 * to what it signed. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const { t, admin, approver, author } = await crewOf({ admin: 'admin', approver: 'approver', author: 'user' });
const key = softwareAuthenticator(undefined, { synced: true });
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Galley')).id;
  expect((await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: true } })).statusCode).toBe(200);
  const options = await t.as(approver, { method: 'POST', url: '/api/account/passkeys/options', payload: { password: approver.password } });
  const registered = await t.as(approver, {
    method: 'POST',
    url: '/api/account/passkeys',
    payload: { name: 'Synced', response: key.register(options.json()) },
  });
  expect(registered.statusCode, registered.body).toBe(201);
});

async function submitted(title: string) {
  const sop = await createSopAs(t, author, { departmentId, title });
  const { taskId } = await submitSopAs(t, author, sop.id);
  const [task] = await t.db.select().from(approvalTasks).where(eq(approvalTasks.id, taskId));
  return { taskId, versionId: task.versionId };
}
const challengeFor = async (versionId: number) => (await t.as(approver, { method: 'POST', url: '/api/signatures/challenge', payload: { versionId } })).json();

describe('a passkey signature', () => {
  it('one assertion signs one decision: four sent in parallel give one signature', async () => {
    const tasks = await Promise.all(['Knife safety', 'Fryer cleaning', 'Cold room', 'Allergen board'].map(submitted));
    const assertion = key.sign(await challengeFor(tasks[0].versionId));
    const results = await Promise.all(tasks.map((task) => decideTask(t, approver, task.taskId, { status: 'approved', signature: { passkey: assertion } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
    const signed = await t.db
      .select()
      .from(approvalSignatures)
      .where(
        inArray(
          approvalSignatures.taskId,
          tasks.map((x) => x.taskId),
        ),
      );
    expect(signed).toHaveLength(1);
    expect(signed[0].taskId).toBe(tasks[0].taskId);
  });

  it('is bound to the version it was asked for: it signs no other, and its own once', async () => {
    const [asked, other] = await Promise.all([submitted('Dish machine'), submitted('Grease trap')]);
    const assertion = key.sign(await challengeFor(asked.versionId));
    expect((await decideTask(t, approver, other.taskId, { status: 'approved', signature: { passkey: assertion } })).statusCode).toBe(401);
    expect(await t.db.select().from(approvalSignatures).where(eq(approvalSignatures.taskId, other.taskId))).toEqual([]);
    expect((await decideTask(t, approver, asked.taskId, { status: 'approved', signature: { passkey: assertion } })).statusCode).toBe(200);
    const again = await submitted('Grease trap, again');
    expect((await decideTask(t, approver, again.taskId, { status: 'approved', signature: { passkey: assertion } })).statusCode).toBe(401);
  });
});
