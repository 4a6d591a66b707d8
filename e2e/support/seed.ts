import { request, type APIRequestContext } from '@playwright/test';
import type { Department } from '../../common/contracts/departments';
import type { SopDetail, SopListItem } from '../../common/contracts/sops';
import type { UploadFile } from './sop-files';
import type { E2eUser } from './users';

/** An API session for one user, for setting up data without clicking through screens. */
export async function apiAs(baseURL: string, user: E2eUser): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/login', { data: { username: user.username, password: user.password } });
  if (!res.ok()) throw new Error(`Sign-in of ${user.username} failed: ${res.status()}`);
  return api;
}

export async function departmentId(api: APIRequestContext, name: string): Promise<number> {
  const res = await api.get('/api/departments');
  if (!res.ok()) throw new Error(`Listing departments failed: ${res.status()}`);
  const departments: Department[] = await res.json();
  const found = departments.find((d) => d.name === name);
  if (!found) throw new Error(`No department ${name}`);
  return found.id;
}

export async function createSop(api: APIRequestContext, title: string, department: string, content: string): Promise<number> {
  const res = await api.post('/api/sops', {
    data: { title, departmentId: await departmentId(api, department), content, summary: `${title}: what the crew does and in which order.`, tags: [] },
  });
  if (!res.ok()) throw new Error(`Creating ${title} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Author submits, approver approves: the SOP ends up published with version 1.0 in force. */
export async function publishSop(author: APIRequestContext, approver: APIRequestContext, id: number, title: string) {
  const submitted = await author.post(`/api/sops/${id}/submit`);
  if (!submitted.ok()) throw new Error(`Submitting ${title} failed: ${submitted.status()}`);
  const list: SopListItem[] = await (await approver.get(`/api/sops?search=${encodeURIComponent(title)}`)).json();
  const taskId = list.find((sop) => sop.id === id)?.pendingTaskId;
  if (!taskId) throw new Error(`No pending task for ${title}`);
  const decided = await approver.put(`/api/approvals/${taskId}`, { data: { status: 'approved' } });
  if (!decided.ok()) throw new Error(`Approving ${title} failed: ${decided.status()} ${await decided.text()}`);
}

/**
 * An SOP written by `author` with these files, submitted and approved: version 1.0 in force.
 * Returns its id and each file's download address (the one the reader and the offline copy use).
 */
export async function publishedSopWithFiles(
  author: APIRequestContext,
  approver: APIRequestContext,
  sop: { title: string; department: string; content: string; files: UploadFile[] },
): Promise<{ id: number; downloads: string[] }> {
  const id = await createSop(author, sop.title, sop.department, sop.content);
  const draft: SopDetail = await (await author.get(`/api/sops/${id}`)).json();
  for (const file of sop.files) {
    const res = await author.post(`/api/sop-versions/${draft.latestVersionId}/attachments`, { multipart: { file } });
    if (!res.ok()) throw new Error(`Uploading ${file.name} failed: ${res.status()} ${await res.text()}`);
  }
  await publishSop(author, approver, id, sop.title);
  const published: SopDetail = await (await author.get(`/api/sops/${id}`)).json();
  const version = published.versions.find((v) => v.id === published.effectiveVersionId)!;
  return { id, downloads: version.attachments.map((attachment) => `/api/attachments/${attachment.id}/download`) };
}
