import type { CreateSopInput, SopDetail, SubmitSopResult } from '../../../common/contracts/sops';
import { departments } from '../db/schema';
import type { TestContext, TestUser } from './factory';

let counter = 0;

/** A division, or a department under `parentId`; written directly (departments have their own tests). */
export async function createDepartment(t: TestContext, name?: string, parentId: number | null = null): Promise<{ id: number; name: string }> {
  counter += 1;
  const [row] = await t.db
    .insert(departments)
    .values({ name: name ?? `Department ${counter}`, parentId })
    .returning({ id: departments.id, name: departments.name });
  return row;
}

/** POST /api/sops as `user`; throws unless the server answers 201. */
export async function createSopAs(t: TestContext, user: TestUser, input: Partial<CreateSopInput> & { departmentId: number }): Promise<SopDetail> {
  counter += 1;
  const res = await t.as(user, {
    method: 'POST',
    url: '/api/sops',
    payload: { title: `Procedure ${counter}`, content: `Step one of procedure ${counter}`, ...input },
  });
  if (res.statusCode !== 201) throw new Error(`creating an SOP failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** POST /api/sops/{id}/submit as `user`; throws unless the server answers 200. */
export async function submitSopAs(t: TestContext, user: TestUser, sopId: number): Promise<SubmitSopResult> {
  const res = await t.as(user, { method: 'POST', url: `/api/sops/${sopId}/submit` });
  if (res.statusCode !== 200) throw new Error(`submitting SOP ${sopId} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
