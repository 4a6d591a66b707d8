import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../common/contracts/auth';
import type { Attachment, CreateSopInput, SopDetail, SopListItem, SubmitSopInput, SubmitSopResult } from '../../../common/contracts/sops';
import type { Role } from '../../../common/roles';
import { INITIAL_STATUS, type SopStatus, SUBMITTED_STATUS } from '../../../common/sop-lifecycle';
import type { Db } from '../db/client';
import { approvalTasks, departments, sopVersions, sops } from '../db/schema';
import { createUser } from '../features/auth/auth.service';
import { makePdf } from './documents';
import type { TestContext, TestUser } from './factory';
import { type FilePart, multipart } from './multipart';

/**
 * Test data, in one place. `build*` write rows straight to the tables, for tests that are not
 * about creating them; the `*As` helpers go through HTTP as a user would.
 */

let counter = 0;
const next = () => ++counter;

export const TEST_PASSWORD = 'correct-horse-battery';

/** An account with the role; the name is unique per call unless given. */
export async function buildUser(
  db: Db,
  values: Partial<Omit<SessionUser, 'id'>> & { role?: Role; password?: string } = {},
): Promise<SessionUser & { password: string }> {
  const n = next();
  const role = values.role ?? 'user';
  const password = values.password ?? TEST_PASSWORD;
  const user = await createUser(
    db,
    {
      username: values.username ?? `${role}${n}${Math.random().toString(36).slice(2, 6)}`,
      password,
      email: values.email ?? null,
      firstName: values.firstName === undefined ? `First${n}` : values.firstName,
      lastName: values.lastName === undefined ? `Last${n}` : values.lastName,
      role,
    },
    null,
  );
  return { ...user, password };
}

/** A division, or a department under `parentId`. */
export async function buildDepartment(db: Db, name = `Department ${next()}`, parentId: number | null = null) {
  const [row] = await db.insert(departments).values({ name, parentId }).returning();
  return row;
}

export interface BuildSopOptions {
  /** A new department unless given. */
  departmentId?: number;
  /** A new user (role user) unless given. */
  ownerId?: number;
  title?: string;
  versionNumber?: string;
  content?: string;
  status?: SopStatus;
  /** Who submitted the version (the owner unless given); null for a draft never submitted, with no task. */
  submittedBy?: number | null;
  submittedAt?: Date;
  taskCreatedAt?: Date;
}

/**
 * An SOP with one version, submitted for approval with a pending task unless submittedBy is
 * null. Its department and owner are created when not given.
 */
export async function buildSop(db: Db, given: BuildSopOptions = {}) {
  const opts = {
    ...given,
    departmentId: given.departmentId ?? (await buildDepartment(db)).id,
    ownerId: given.ownerId ?? (await buildUser(db)).id,
  };
  const title = opts.title ?? `Mooring procedure ${next()}`;
  const submittedBy = opts.submittedBy === undefined ? opts.ownerId : opts.submittedBy;
  const [sop] = await db
    .insert(sops)
    .values({
      title,
      departmentId: opts.departmentId,
      ownerId: opts.ownerId,
      status: opts.status ?? (submittedBy === null ? INITIAL_STATUS : SUBMITTED_STATUS),
    })
    .returning();
  const [version] = await db
    .insert(sopVersions)
    .values({
      sopId: sop.id,
      versionNumber: opts.versionNumber ?? '1.0',
      content: opts.content ?? '# Purpose\n\nSecure the vessel alongside.',
      changelog: 'Initial version',
      createdBy: opts.ownerId,
      submittedBy,
      submittedAt: submittedBy === null ? null : (opts.submittedAt ?? new Date()),
    })
    .returning();
  await db.update(sops).set({ latestVersionId: version.id }).where(eq(sops.id, sop.id));
  const task =
    submittedBy === null
      ? null
      : (
          await db
            .insert(approvalTasks)
            .values({ versionId: version.id, ...(opts.taskCreatedAt ? { createdAt: opts.taskCreatedAt } : {}) })
            .returning()
        )[0];
  return { sop, version, task };
}

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
