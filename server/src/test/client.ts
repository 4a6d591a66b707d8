import type { ApprovalRouteInput } from '../../../common/contracts/approval-routes';
import type { Attachment } from '../../../common/contracts/attachments';
import type { CreateSopInput, SopDetail, SopListItem, SubmitSopInput, SubmitSopResult } from '../../../common/contracts/sops';
import { makePdf } from './documents';
import { next, type TestContext, type TestUser } from './factories';
import { type FilePart, multipart } from './multipart';

/**
 * The typed test client: each route a test calls often, as a user would over HTTP. The
 * `*As`/`get*`/`list*` helpers throw unless the server answers as expected; the others
 * return the answer as it comes, for tests about refusals.
 */

/** POST /api/sops as `user`; throws unless the server answers 201. */
export async function createSopAs(t: TestContext, user: TestUser, input: Partial<CreateSopInput> & { departmentId: number }): Promise<SopDetail> {
  const n = next();
  const res = await t.as(user, { method: 'POST', url: '/api/sops', payload: { title: `Procedure ${n}`, content: `Step one of procedure ${n}`, ...input } });
  if (res.statusCode !== 201) throw new Error(`creating an SOP failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** POST /api/sops/{id}/submit as `user` (with a body when given); throws unless the server answers 200. */
export async function submitSopAs(t: TestContext, user: TestUser, sopId: number, body?: SubmitSopInput): Promise<SubmitSopResult> {
  const res = await t.as(user, { method: 'POST', url: `/api/sops/${sopId}/submit`, ...(body ? { payload: body } : {}) });
  if (res.statusCode !== 200) throw new Error(`submitting SOP ${sopId} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** GET /api/sops/{id} as `user`; throws unless the server answers 200. */
export async function getSop(t: TestContext, user: TestUser | null, id: number): Promise<SopDetail> {
  const res = await t.as(user, { method: 'GET', url: `/api/sops/${id}` });
  if (res.statusCode !== 200) throw new Error(`reading SOP ${id} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** GET /api/sops with a query string ('?search=...') as `user`; throws unless the server answers 200. */
export async function listSops(t: TestContext, user: TestUser | null, query = ''): Promise<SopListItem[]> {
  const res = await t.as(user, { method: 'GET', url: `/api/sops${query}` });
  if (res.statusCode !== 200) throw new Error(`listing SOPs (${query}) failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Uploads files to a version as `user`; throws unless the server answers 201; always a list. */
export async function uploadFiles(t: TestContext, user: TestUser, versionId: number, files: FilePart[]): Promise<Attachment[]> {
  const res = await uploadAttachments(t, user, versionId, files);
  if (res.statusCode !== 201) throw new Error(`uploading to version ${versionId} failed: ${res.statusCode} ${res.body}`);
  const answer = res.json();
  return Array.isArray(answer) ? answer : [answer];
}

/** PUT /api/approvals/{taskId} as `user` (approve or request changes); the answer as it comes. */
export function decideTask(t: TestContext, user: TestUser | null, taskId: number, payload: unknown) {
  return t.as(user, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: payload as object });
}

/** PUT /api/departments/{id}/approval-route as `user`; throws unless the server answers 200. */
export async function setApprovalRouteAs(t: TestContext, user: TestUser, departmentId: number, steps: ApprovalRouteInput['steps']): Promise<void> {
  const res = await t.as(user, { method: 'PUT', url: `/api/departments/${departmentId}/approval-route`, payload: { steps } });
  if (res.statusCode !== 200) throw new Error(`setting the approval route of department ${departmentId} failed: ${res.statusCode} ${res.body}`);
}

/** POST /api/sop-versions/{id}/attachments as `user`, the files in the `file` field; the answer as it comes. */
export function uploadAttachments(t: TestContext, user: TestUser | null, versionId: number | null, files: FilePart[]) {
  const body = multipart(files);
  return t.as(user, { method: 'POST', url: `/api/sop-versions/${versionId}/attachments`, payload: body.payload, headers: body.headers });
}

/** POST /api/daily-programs/batch as `user`, the files in the `files` field. */
export function uploadDay(t: TestContext, user: TestUser | null, fields: Record<string, string>, files: FilePart[]) {
  const body = multipart(
    files.map((file) => ({ ...file, field: 'files' })),
    fields,
  );
  return t.as(user, { method: 'POST', url: '/api/daily-programs/batch', payload: body.payload, headers: body.headers });
}

/** POST /api/itineraries as `user`, with one file or none. */
export function uploadItineraryFile(t: TestContext, user: TestUser | null, fields: Record<string, string>, file?: FilePart) {
  const body = multipart(file ? [file] : [], fields);
  return t.as(user, { method: 'POST', url: '/api/itineraries', payload: body.payload, headers: body.headers });
}

/** n distinct PDFs named in order, e.g. pdfParts(4, 'deck') → deck-1.pdf .. deck-4.pdf. */
export async function pdfParts(n: number, prefix = 'program'): Promise<FilePart[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({ name: `${prefix}-${i + 1}.pdf`, data: await makePdf(`${prefix} page ${i + 1}`), type: 'application/pdf' })),
  );
}
