import { beforeAll, describe, expect, it } from 'vitest';
import type { SopDetail, SopListItem } from '../../../../common/contracts/sops';
import { makePdf, pdfPageTexts } from '../../test/documents';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, submitSopAs, uploadAttachments, getSop } from '../../test/client';
import { listRoutes } from '../../test/hostile-requests';
import { approveLatest, placeIn } from '../../test/reading';

/**
 * Who sees which version: a plain user reads the version in force of every SOP that has one
 * and every version of their own SOPs; other people's drafts, submissions, changes-requested
 * versions, SOPs never approved and superseded files are 404 on every path. Confidential SOPs
 * only within their audience and to their owner. Approvers and admins see everything.
 */
const { t, admin, approver, owner, crew, outsider } = await crewOf(
  { admin: 'admin', approver: 'approver', owner: 'user', crew: 'user', outsider: 'user' },
  { jobs: 'manual' },
);

/** Words that exist only in what the crew may not see: none may appear in any answer to them. */
const SECRET_WORD = 'quokkadraft';
const HIDDEN_TITLES = ['Bunkering never approved', 'Gangway submitted', 'Tender changes requested', 'Engine confidential'];

interface Fixture {
  /** In force v1.0 (with a file) and a newer draft v1.1 (with its own file). */
  revised: { id: number; v1: number; v2: number; fileV1: number; fileV2: number };
  /** v1.0 superseded by v1.1, both approved, each with a file. */
  superseded: { id: number; v1: number; v2: number; fileV1: number; fileV2: number };
  neverApproved: { id: number; version: number; file: number };
  submitted: { id: number; version: number; file: number };
  changesRequested: { id: number; version: number; file: number };
  /** Confidential, of the division above the crew's department: the crew is in its audience. */
  divisionConfidential: { id: number };
  /** Confidential, of another department: only its owner and the privileged see it. */
  engineConfidential: { id: number; version: number };
  /** The crew member's own draft. */
  own: { id: number; version: number };
}
let f: Fixture;

const pdf = async (name: string, words: string) => ({ name, data: await makePdf(name, [words]), type: 'application/pdf' });

async function attach(user: TestUser, versionId: number, name: string, words: string): Promise<number> {
  const res = await uploadAttachments(t, user, versionId, [await pdf(name, words)]);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function newVersion(user: TestUser, sopId: number, versionNumber: string, content: string): Promise<number> {
  const res = await t.as(user, { method: 'POST', url: `/api/sops/${sopId}/versions`, payload: { versionNumber, content } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

beforeAll(async () => {
  const division = await buildDepartment(t.db, 'Marine operations');
  const deck = await buildDepartment(t.db, 'Deck', division.id);
  const engine = await buildDepartment(t.db, 'Engine');
  await placeIn(t, admin, deck.id, crew);
  await placeIn(t, admin, engine.id, outsider);

  const revised = await createSopAs(t, owner, { departmentId: deck.id, title: 'Mooring in force', content: 'Single up the lines. Fenders out.' });
  const revisedV1 = revised.latestVersionId as number;
  const revisedFileV1 = await attach(owner, revisedV1, 'mooring-v1.pdf', 'heaving line drill');
  await approveLatest(t, owner, approver, revised.id);
  const revisedV2 = await newVersion(owner, revised.id, '1.1', `Single up the lines. ${SECRET_WORD} winch.`);
  const revisedFileV2 = await attach(owner, revisedV2, 'mooring-v2-draft.pdf', `${SECRET_WORD} spring line`);

  const superseded = await createSopAs(t, owner, { departmentId: deck.id, title: 'Anchoring revised', content: 'Let go the anchor.' });
  const supersededV1 = superseded.latestVersionId as number;
  const supersededFileV1 = await attach(owner, supersededV1, 'anchoring-old.pdf', 'old anchor chain marks');
  await approveLatest(t, owner, approver, superseded.id);
  const supersededV2 = await newVersion(owner, superseded.id, '1.1', 'Let go the anchor, then report.');
  const supersededFileV2 = await attach(owner, supersededV2, 'anchoring-new.pdf', 'new anchor chain marks');
  await approveLatest(t, owner, approver, superseded.id);

  const neverApproved = await createSopAs(t, owner, { departmentId: deck.id, title: HIDDEN_TITLES[0], content: `Fuel ${SECRET_WORD}` });
  const neverApprovedFile = await attach(owner, neverApproved.latestVersionId as number, 'bunkering.pdf', 'bunker manifold');

  const submitted = await createSopAs(t, owner, { departmentId: deck.id, title: HIDDEN_TITLES[1], content: 'Rig the gangway.' });
  const submittedFile = await attach(owner, submitted.latestVersionId as number, 'gangway.pdf', 'gangway net');
  await submitSopAs(t, owner, submitted.id);

  const changesRequested = await createSopAs(t, owner, { departmentId: deck.id, title: HIDDEN_TITLES[2], content: 'Lower the tender.' });
  const changesRequestedFile = await attach(owner, changesRequested.latestVersionId as number, 'tender.pdf', 'tender davit');
  const { taskId } = await submitSopAs(t, owner, changesRequested.id);
  const decided = await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'changes_requested', comments: 'Add the PPE.' } });
  expect(decided.statusCode, decided.body).toBe(200);

  const divisionConfidential = await createSopAs(t, owner, { departmentId: division.id, title: 'Marine confidential', isConfidential: true });
  await approveLatest(t, owner, approver, divisionConfidential.id);
  const engineConfidential = await createSopAs(t, owner, { departmentId: engine.id, title: HIDDEN_TITLES[3], isConfidential: true });
  await approveLatest(t, owner, approver, engineConfidential.id);

  const own = await createSopAs(t, crew, { departmentId: deck.id, title: 'Crew own draft', content: 'My own words.' });

  await t.jobs.runUntilIdle();
  f = {
    revised: { id: revised.id, v1: revisedV1, v2: revisedV2, fileV1: revisedFileV1, fileV2: revisedFileV2 },
    superseded: { id: superseded.id, v1: supersededV1, v2: supersededV2, fileV1: supersededFileV1, fileV2: supersededFileV2 },
    neverApproved: { id: neverApproved.id, version: neverApproved.latestVersionId as number, file: neverApprovedFile },
    submitted: { id: submitted.id, version: submitted.latestVersionId as number, file: submittedFile },
    changesRequested: { id: changesRequested.id, version: changesRequested.latestVersionId as number, file: changesRequestedFile },
    divisionConfidential: { id: divisionConfidential.id },
    engineConfidential: { id: engineConfidential.id, version: engineConfidential.latestVersionId as number },
    own: { id: own.id, version: own.latestVersionId as number },
  };
}, 120_000);

const get = (user: TestUser, url: string) => t.as(user, { method: 'GET', url });
const detail = (user: TestUser, id: number) => getSop(t, user, id);
const listed = async (user: TestUser, query = '') => {
  const res = await get(user, `/api/sops${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SopListItem[];
};

/** What the crew member may not reach, by the kind of id each route takes. */
const hidden = () => ({
  sops: [f.neverApproved.id, f.submitted.id, f.changesRequested.id, f.engineConfidential.id],
  versions: [f.revised.v2, f.neverApproved.version, f.submitted.version, f.changesRequested.version, f.superseded.v1, f.engineConfidential.version],
  attachments: [f.revised.fileV2, f.superseded.fileV1, f.neverApproved.file, f.submitted.file, f.changesRequested.file],
});

describe('a plain user reads the version in force', () => {
  it('gets an SOP with a revision in progress as its version in force, with no sign of the draft', async () => {
    const sop = await detail(crew, f.revised.id);
    expect(sop.status).toBe('published');
    expect(sop.versions.map((v) => v.versionNumber)).toEqual(['1.0']);
    expect(sop.latestVersionId).toBe(f.revised.v1);
    expect(sop.latestVersion?.versionNumber).toBe('1.0');
    expect(sop.latestVersion?.attachments.map((a) => a.id)).toEqual([f.revised.fileV1]);
    expect(sop.effectiveVersionId).toBe(f.revised.v1);
    expect(sop.inForce).toMatchObject({ id: f.revised.v1, versionNumber: '1.0' });
    expect(sop.pendingTaskId).toBeNull();
    expect(JSON.stringify(sop)).not.toContain(SECRET_WORD);
    expect(JSON.stringify(sop)).not.toContain('mooring-v2-draft');
  });

  it('downloads the files of the version in force, never those of a draft or a superseded version', async () => {
    expect((await get(crew, `/api/attachments/${f.revised.fileV1}/download`)).statusCode).toBe(200);
    expect((await get(crew, `/api/attachments/${f.superseded.fileV2}/download`)).statusCode).toBe(200);
    for (const id of hidden().attachments) {
      const res = await get(crew, `/api/attachments/${id}/download`);
      expect(res.statusCode, `attachment ${id}`).toBe(404);
      expect(res.json().message).toBe('Attachment not found');
    }
  });

  it('sees every version of the SOPs they own, drafts included', async () => {
    const sop = await detail(crew, f.own.id);
    expect(sop.status).toBe('draft');
    expect(sop.versions.map((v) => v.id)).toEqual([f.own.version]);
    expect((await get(crew, `/api/sops/${f.own.id}/history`)).statusCode).toBe(200);
    expect((await listed(crew)).map((s) => s.id)).toContain(f.own.id);
    // The owner of the revised SOP sees its draft as the latest.
    const mine = await detail(owner, f.revised.id);
    expect(mine.versions.map((v) => v.versionNumber)).toEqual(['1.1', '1.0']);
    expect(mine.status).toBe('draft');
  });

  it('lists the SOPs in force as that version, and none never approved', async () => {
    const rows = await listed(crew);
    const ids = rows.map((s) => s.id);
    for (const id of hidden().sops) expect(ids).not.toContain(id);
    expect(ids).toEqual(expect.arrayContaining([f.revised.id, f.superseded.id, f.divisionConfidential.id, f.own.id]));
    const revised = rows.find((s) => s.id === f.revised.id);
    expect(revised).toMatchObject({ status: 'published', latestVersionId: f.revised.v1, pendingTaskId: null });
    expect(revised?.latestVersion).toMatchObject({ versionNumber: '1.0', attachmentCount: 1, firstAttachmentId: f.revised.fileV1 });
    expect(revised?.inForce).toMatchObject({ id: f.revised.v1, versionNumber: '1.0' });
    // The status filter reads the status they see.
    expect((await listed(crew, '?status=draft')).map((s) => s.id)).toEqual([f.own.id]);
    expect((await listed(crew, '?status=submitted')).map((s) => s.id)).toEqual([]);
  });

  it('finds SOPs by the version in force only: a draft word finds nothing, a word the draft removed still finds it', async () => {
    expect(await listed(crew, `?search=${SECRET_WORD}`)).toEqual([]);
    const fenders = await listed(crew, '?search=fenders');
    expect(fenders.map((s) => s.id)).toEqual([f.revised.id]);
    expect(fenders[0].match).toMatchObject({ field: 'content' });
    // Words only in the files of a draft or a superseded version find nothing; the file in force does.
    expect(await listed(crew, '?search=spring')).toEqual([]);
    expect(await listed(crew, '?search=bunker manifold')).toEqual([]);
    expect((await listed(crew, '?search=heaving')).map((s) => [s.id, s.match?.attachmentId])).toEqual([[f.revised.id, f.revised.fileV1]]);
    // Titles of hidden SOPs are not found either.
    expect(await listed(crew, '?search=gangway')).toEqual([]);
    // The privileged find the draft.
    expect((await listed(approver, `?search=${SECRET_WORD}`)).map((s) => s.id).sort()).toEqual([f.revised.id, f.neverApproved.id].sort());
  });

  it('exports a register of what they may see, as they see it', async () => {
    const res = await get(crew, '/api/sops/export.csv');
    expect(res.statusCode).toBe(200);
    for (const title of HIDDEN_TITLES) expect(res.body).not.toContain(title);
    const line = res.body.split('\n').find((l) => l.startsWith('Mooring in force'));
    expect(line).toContain(',published,1.0,1.0,');
    const all = await get(admin, '/api/sops/export.csv');
    for (const title of HIDDEN_TITLES) expect(all.body).toContain(title);
  });

  it('reads history and comparisons of the version in force only', async () => {
    const history = await get(crew, `/api/sops/${f.revised.id}/history`);
    expect(history.statusCode).toBe(200);
    const events = history.json() as { action: string; versionNumber: string | null }[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.versionNumber === '1.0')).toBe(true);
    expect(events.map((e) => e.action)).not.toContain('sop_version_created');
    const compare = await get(crew, `/api/sops/${f.revised.id}/compare?from=${f.revised.v1}&to=${f.revised.v2}`);
    expect(compare.statusCode).toBe(404);
    const full = await get(approver, `/api/sops/${f.revised.id}/history`);
    expect((full.json() as { versionNumber: string | null }[]).map((e) => e.versionNumber)).toContain('1.1');
  });

  it('counts and shows on the dashboard only what they may see', async () => {
    const stats = (await get(crew, '/api/dashboard/stats')).json() as { totalSops: number };
    const visible = await listed(crew);
    expect(stats.totalSops).toBe(visible.length);
    const activity = await get(crew, '/api/dashboard/activity');
    for (const title of HIDDEN_TITLES) expect(activity.body).not.toContain(title);
    // The revision in progress of an SOP in force is not news to them.
    const draftEvent = (e: { action: string; metadata: { title: string | null } }) =>
      e.action === 'sop_version_created' && e.metadata.title === 'Mooring in force';
    expect((activity.json() as { action: string; metadata: { title: string | null } }[]).filter(draftEvent)).toEqual([]);
    const all = await get(admin, '/api/dashboard/activity');
    expect(all.body).toContain(HIDDEN_TITLES[1]);
  });

  it('counts per department only the SOPs they may see', async () => {
    const counted = async (user: TestUser) =>
      ((await get(user, '/api/departments')).json() as { name: string; sopCount: number }[]).reduce((sum, d) => sum + d.sopCount, 0);
    expect(await counted(crew)).toBe((await listed(crew)).length);
    expect(await counted(admin)).toBe((await listed(admin)).length);
  });

  it('keeps required reading to what they may see', async () => {
    const res = await get(crew, '/api/reading');
    expect(res.statusCode).toBe(200);
    const reading = res.json() as { outstanding: { sopId: number; versionNumber: string }[] };
    const ids = reading.outstanding.map((r) => r.sopId);
    expect(ids).toEqual(expect.arrayContaining([f.revised.id, f.superseded.id, f.divisionConfidential.id]));
    for (const id of hidden().sops) expect(ids).not.toContain(id);
    expect(reading.outstanding.find((r) => r.sopId === f.revised.id)?.versionNumber).toBe('1.0');
  });
});

describe('confidential SOPs', () => {
  it('are visible within their audience (the division above the department) and to their owner', async () => {
    expect((await detail(crew, f.divisionConfidential.id)).isConfidential).toBe(true);
    expect((await get(outsider, `/api/sops/${f.divisionConfidential.id}`)).statusCode).toBe(404);
    expect((await get(crew, `/api/sops/${f.engineConfidential.id}`)).statusCode).toBe(404);
    expect((await detail(owner, f.engineConfidential.id)).isConfidential).toBe(true);
    // The Engine member is the audience of the Engine SOP.
    expect((await detail(outsider, f.engineConfidential.id)).title).toBe(HIDDEN_TITLES[3]);
    expect((await listed(outsider)).map((s) => s.id)).not.toContain(f.divisionConfidential.id);
  });

  it('are visible to approvers and admins whatever their department', async () => {
    for (const user of [approver, admin]) {
      expect((await get(user, `/api/sops/${f.engineConfidential.id}`)).statusCode).toBe(200);
      expect((await get(user, `/api/sops/${f.divisionConfidential.id}`)).statusCode).toBe(200);
    }
  });
});

describe('approvers and admins see everything', () => {
  it('reads every draft, submission and superseded file', async () => {
    for (const user of [approver, admin]) {
      const ids = (await listed(user)).map((s) => s.id);
      expect(ids).toEqual(expect.arrayContaining(hidden().sops));
      for (const id of hidden().sops) expect((await get(user, `/api/sops/${id}`)).statusCode).toBe(200);
      for (const id of hidden().attachments) expect((await get(user, `/api/attachments/${id}/download`)).statusCode).toBe(200);
      expect((await detail(user, f.revised.id)).versions.map((v) => v.versionNumber)).toEqual(['1.1', '1.0']);
    }
  });

  it('never shares one person’s cached answer with another', async () => {
    // The same URL, one after the other, for the privileged and the plain user.
    const approverView = await detail(approver, f.revised.id);
    const crewView = await detail(crew, f.revised.id);
    expect(approverView.versions).toHaveLength(2);
    expect(crewView.versions).toHaveLength(1);
    const a = await get(approver, `/api/sops/${f.revised.id}`);
    const again = await t.as(crew, { method: 'GET', url: `/api/sops/${f.revised.id}`, headers: { 'if-none-match': a.headers.etag as string } });
    expect(again.statusCode).toBe(200);
    expect((again.json() as SopDetail).versions).toHaveLength(1);
  });
});

/**
 * Every route of the app, read from the app itself: a new route fails here until it says what
 * it reads. Each route that takes an SOP, version or attachment id answers 404 to the crew member
 * for every hidden one (or 403 when their role may never call it); each route without an id
 * never names what they may not see.
 */
describe('every route', () => {
  const BY_SOP = [
    '/api/sops/:id',
    '/api/sops/:id/history',
    '/api/sops/:id/compare',
    '/api/sops/:id/reading',
    '/api/sops/:id/reading/changes',
    '/api/sops/:id/compliance',
    '/api/sops/:id/arriving',
  ];
  const BY_SOP_WRITES = [
    '/api/sops/:id/versions',
    '/api/sops/:id/submit',
    '/api/sops/:id/reviews',
    '/api/sops/:id/email',
    '/api/sops/:id/withdraw',
    // A suggestion for change is made on the version in force the caller reads (decision 079).
    '/api/sops/:id/suggestions',
  ];
  const BY_VERSION = [
    '/api/sop-versions/:id/attestations',
    '/api/sop-versions/:id/attachments',
    '/api/sop-versions/:id/comments',
    '/api/sop-versions/:id/reads',
    '/api/sop-versions/:id/translations',
  ];
  const BY_ATTACHMENT = ['/api/attachments/:id/download', '/api/attachments/:id/preview', '/api/attachments/:id/controlled-copy', '/api/attachments/:id/html'];
  const COLLECTIONS = [
    '/api/sops',
    '/api/sops/export.csv',
    // The circulars' register: circulars a plain user may see (issued ones), by the SOP rule.
    '/api/circulars',
    '/api/circulars.csv',
    // Suggestions for change: a plain user's own, and those on SOPs they own (decision 079).
    '/api/suggestions',
    '/api/suggestions.csv',
    '/api/reading',
    '/api/notifications',
    '/api/dashboard/stats',
    '/api/dashboard/activity',
    '/api/approvals',
    '/api/compliance',
    '/api/compliance/export.csv',
    '/api/audit',
    '/api/audit/export.csv',
    '/api/audit/facets',
    '/api/compliance/people',
    '/api/compliance/people.csv',
    '/api/compliance/behind',
    '/api/compliance/behind.csv',
    '/api/compliance/vessels',
    // The fleet's master lists name SOPs: approvers and admins only.
    '/api/fleet/vessels',
    '/api/fleet/vessels/:code/documents',
    '/api/fleet/vessels/:code/documents.csv',
    // The inspection pack names SOPs, people and suggestions: approvers and admins only (decision 082).
    '/api/fleet/vessels/:code/inspection-pack',
    '/api/fleet/vessels/:code/inspection-pack.zip',
    '/api/fleet/vessels/:code/inspection-pack.json',
    // A ship's messages set aside: admins only.
    '/api/fleet/vessels/:code/set-aside',
    '/api/fleet/vessels/:code/set-aside/:id/retry',
    '/api/fleet/vessels/:code/set-aside/:id/discard',
    '/api/fleet/status',
  ];
  /** Routes that read or write no SOP, version or SOP file. */
  const NOT_SOPS = [
    // Drafting a circular (approvers and admins) makes a new SOP; its acknowledgement is made on
    // board only (409 ashore) for a circular in force there, which every reader on board sees.
    '/api/circulars/:id/vessel-acknowledgement',
    // A draft circular's audience and days: approvers and admins only (403 to everyone else).
    '/api/circulars/:id/details',
    // Answering a suggestion: 404 for one the caller cannot see, 403 unless they own its SOP or
    // approve (suggestions.routes.test.ts).
    '/api/suggestions/:id',
    // The master's review (decision 080): questions and findings about a vessel, no SOP; approvers and admins only.
    '/api/review-template',
    '/api/admin/review-template',
    '/api/reviews',
    '/api/reviews/:id',
    '/api/reviews/:id/sign',
    '/api/reviews/:id/findings/:findingId',
    '/api/fleet/vessels/:code/reviews',
    '/api/user',
    '/api/user/password',
    '/api/login',
    '/api/logout',
    '/api/register',
    '/api/departments',
    '/api/departments/:id',
    '/api/positions',
    '/api/positions/:id',
    '/api/settings',
    '/api/admin/settings',
    '/api/admin/users',
    '/api/admin/users/:id',
    '/api/admin/users/:id/password',
    '/api/admin/users/:id/approve',
    '/api/admin/users/:id/sso-identity',
    '/api/admin/storage',
    // Counts over every SOP for administrators; it names none.
    '/api/admin/overview',
    '/api/admin/backups',
    '/api/mail',
    '/api/account/notification-preferences',
    '/api/locales',
    '/api/account/language',
    '/api/daily-programs/hierarchy',
    '/api/daily-programs/batch',
    '/api/daily-programs/:id',
    '/api/daily-programs/:id/download',
    '/api/itineraries',
    '/api/itineraries/:id',
    '/api/itineraries/:id/table',
    '/api/itineraries/:id/download',
    '/api/objects/upload',
    '/api/objects/uploads/:uploadId',
    '/api/approvals/:taskId',
    '/api/admin/vessels',
    '/api/audit/verify',
    '/api/approvers',
    '/api/approvals/:taskId/co-approvers',
    '/api/departments/:id/approval-route',
    '/api/account/absence',
    '/api/audit/verification',
    '/api/auth/sso',
    '/api/auth/sso/start',
    '/api/auth/sso/callback',
    '/api/account/passkeys',
    '/api/account/passkeys/options',
    '/api/account/passkeys/proof-options',
    '/api/account/email-verification',
    '/api/account/verify-email',
    '/api/account/passkeys/:id',
    // A challenge for the signer's passkey; the decision it signs is checked by its own route.
    '/api/signatures/challenge',
    // Templates are skeletons for new SOPs, not SOPs: nobody's draft is in them.
    '/api/templates',
    '/api/templates/:id',
    // Creates an attachment on a version through findVersionForUpload, like the upload route.
    '/api/attachments',
    // Reminders of reading outstanding on versions in force: approvers and admins, answering counts only.
    '/api/compliance/people/:id/remind',
    '/api/compliance/remind',
    // The library's outdated translations: approvers and admins only.
    '/api/translations/outdated',
  ];
  /**
   * A translation is seen by the rule of its version (translation-read.service.ts), drafts by
   * their author, approvers and admins only: translations.routes.test.ts tries each route with
   * a hidden one.
   */
  const BY_TRANSLATION = ['/api/translations/:id', '/api/translations/:id/download'];
  /**
   * A manual's sections are SOPs: each answer lists only those the caller may see (tried below
   * with a manual holding every SOP of the fixture). Its writes are for approvers and admins.
   */
  const BY_MANUAL = [
    '/api/manuals',
    '/api/manuals/:id',
    '/api/manuals/:id/effective',
    '/api/manuals/:id/effective.csv',
    '/api/manuals/:id/revisions',
    '/api/manuals/:id/controlled-copy',
  ];
  const MANUAL_WRITES = ['/api/manuals/:id/structure'];
  /** The controlled copy made in the background: the same PDF, fetched by its job (tried below). */
  const MANUAL_COPY_JOBS = ['/api/manuals/:id/controlled-copy-jobs', '/api/manual-copy-jobs/:jobId', '/api/manual-copy-jobs/:jobId/file'];
  const known = new Set([
    ...MANUAL_COPY_JOBS,
    ...BY_SOP,
    ...BY_SOP_WRITES,
    ...BY_VERSION,
    ...BY_ATTACHMENT,
    ...BY_TRANSLATION,
    ...BY_MANUAL,
    ...MANUAL_WRITES,
    ...COLLECTIONS,
    ...NOT_SOPS,
  ]);
  const apiRoutes = () => listRoutes(t.app).filter((r) => r.url.startsWith('/api/'));

  it('are all accounted for', () => {
    const unknown = apiRoutes().filter((r) => !known.has(r.url));
    expect(unknown).toEqual([]);
  });

  /** The id to put in a route's path for each hidden thing, with what the route needs besides. */
  function requestsFor(method: string, url: string) {
    const h = hidden();
    const ids = BY_SOP.includes(url) || BY_SOP_WRITES.includes(url) || url === '/api/sops/:id' ? h.sops : BY_VERSION.includes(url) ? h.versions : h.attachments;
    return ids.map((id) => {
      let path = url.replace(':id', String(id));
      let payload: object | undefined;
      if (url === '/api/sops/:id/compare') path += `?from=${f.revised.v1}&to=${f.revised.v1}`;
      if (url === '/api/sops/:id' && method === 'PUT') payload = { title: 'Renamed', departmentId: 1, content: 'New text' };
      if (url === '/api/sops/:id/versions') payload = { versionNumber: '9.0', content: 'New text' };
      if (url === '/api/sops/:id/reviews') payload = { comments: null };
      if (url === '/api/sops/:id/suggestions') payload = { text: 'A clearer step 2' };
      if (url === '/api/sop-versions/:id/comments' && method === 'POST') payload = { body: 'A question about step 2' };
      if (url === '/api/sop-versions/:id/reads') payload = { attachmentId: 1 };
      if (url === '/api/sop-versions/:id/translations') payload = { language: 'fil', content: 'Isara ang mga balbula.' };
      return { method, path, payload };
    });
  }

  it('that take an id answer 404 to a plain user for everything they may not see', async () => {
    const byId = apiRoutes().filter((r) => [...BY_SOP, ...BY_SOP_WRITES, ...BY_VERSION, ...BY_ATTACHMENT].includes(r.url));
    expect(byId.length).toBeGreaterThanOrEqual(BY_SOP.length + BY_VERSION.length + BY_ATTACHMENT.length);
    let checked = 0;
    for (const route of byId) {
      for (const request of requestsFor(route.method, route.url)) {
        const send = (path: string) => t.as(crew, { method: request.method as 'GET', url: path, ...(request.payload ? { payload: request.payload } : {}) });
        const res = await send(request.path);
        // A route the role may never call is 403 whatever the id (one that does not exist shows it); every other is 404.
        const missing = await send(request.path.replace(/\/\d+/, '/999999'));
        const expected = missing.statusCode === 403 ? 403 : 404;
        if (expected === 404) expect(missing.statusCode, `${request.method} ${route.url} for an unknown id: ${missing.body}`).toBe(404);
        expect(res.statusCode, `${request.method} ${request.path}: ${res.body}`).toBe(expected);
        checked++;
      }
    }
    // Compare with a hidden version of a visible SOP too.
    const compare = await get(crew, `/api/sops/${f.superseded.id}/compare?from=${f.superseded.v1}&to=${f.superseded.v2}`);
    expect(compare.statusCode).toBe(404);
    expect(checked).toBeGreaterThan(40);
  });

  it('without an id never name what a plain user may not see', async () => {
    for (const route of apiRoutes().filter((r) => r.method === 'GET' && COLLECTIONS.includes(r.url))) {
      const res = await get(crew, route.url);
      expect([200, 403], `${route.url}: ${res.statusCode}`).toContain(res.statusCode);
      for (const title of HIDDEN_TITLES) expect(res.body, route.url).not.toContain(title);
      expect(res.body, route.url).not.toContain(SECRET_WORD);
    }
  });

  it('of a manual never name a section a plain user may not see', async () => {
    const created = await t.as(approver, { method: 'POST', url: '/api/manuals', payload: { code: 'VIS', title: 'Every SOP' } });
    expect(created.statusCode, created.body).toBe(201);
    const manualId = (created.json() as { id: number }).id;
    const everySop = [...Object.values(f).map((x) => x.id)];
    const arranged = await t.as(approver, {
      method: 'PUT',
      url: `/api/manuals/${manualId}/structure`,
      payload: { chapters: [{ title: 'All', sopIds: everySop }] },
    });
    expect(arranged.statusCode, arranged.body).toBe(200);
    expect(arranged.body).toContain(HIDDEN_TITLES[0]);
    const routes = apiRoutes().filter((r) => r.method === 'GET' && BY_MANUAL.includes(r.url));
    expect(routes).toHaveLength(BY_MANUAL.length);
    for (const route of routes) {
      const res = await get(crew, route.url.replace(':id', String(manualId)));
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(200);
      // The PDF's words as a reader sees them.
      if (route.url.endsWith('controlled-copy')) Object.defineProperty(res, 'body', { value: (await pdfPageTexts(res.rawPayload)).join(' ') });
      // The list counts sections; the others name them: in force, the division's confidential one, the crew member's own.
      if (route.url === '/api/manuals') expect(res.json()).toEqual([expect.objectContaining({ code: 'VIS', sectionCount: 4 })]);
      else for (const title of ['Mooring in force', 'Anchoring revised', 'Marine confidential']) expect(res.body, route.url).toContain(title);
      for (const title of HIDDEN_TITLES) expect(res.body, route.url).not.toContain(title);
      expect(res.body, route.url).not.toContain(SECRET_WORD);
    }
    for (const url of MANUAL_WRITES) {
      const res = await t.as(crew, { method: 'PUT', url: url.replace(':id', String(manualId)), payload: { chapters: [] } });
      expect(res.statusCode).toBe(403);
    }
    // The copy made in the background holds the same sections, and no other.
    const started = await t.as(crew, { method: 'POST', url: `/api/manuals/${manualId}/controlled-copy-jobs` });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = (started.json() as { id: string }).id;
    await expect.poll(async () => (await get(crew, `/api/manual-copy-jobs/${jobId}`)).json().state, { timeout: 60_000, interval: 200 }).toBe('ready');
    const file = await get(crew, `/api/manual-copy-jobs/${jobId}/file`);
    expect(file.statusCode).toBe(200);
    const text = (await pdfPageTexts(file.rawPayload)).join(' ');
    for (const title of ['Mooring in force', 'Anchoring revised', 'Marine confidential']) expect(text).toContain(title);
    for (const title of HIDDEN_TITLES) expect(text).not.toContain(title);
    // The controlled copy starts a document worker.
  }, 120_000);
});

describe('a download once allowed', () => {
  it('is refused as soon as its version is superseded, however often it was fetched before', async () => {
    const deck = await buildDepartment(t.db, 'Deck (supersession)');
    await placeIn(t, admin, deck.id, crew);
    const sop = await createSopAs(t, owner, { departmentId: deck.id, title: 'Lifeboat lowering', content: 'Lower to the embarkation deck.' });
    const oldFile = await attach(owner, sop.latestVersionId as number, 'lifeboat-v1.pdf', 'falls and gripes');
    await approveLatest(t, owner, approver, sop.id);
    for (let i = 0; i < 3; i++) expect((await get(crew, `/api/attachments/${oldFile}/download`)).statusCode).toBe(200);
    const v2 = await newVersion(owner, sop.id, '1.1', 'Lower to the water, then release.');
    const newFile = await attach(owner, v2, 'lifeboat-v2.pdf', 'on-load release');
    // Not yet in force: the crew still reads the old file, never the draft's.
    expect((await get(crew, `/api/attachments/${oldFile}/download`)).statusCode).toBe(200);
    expect((await get(crew, `/api/attachments/${newFile}/download`)).statusCode).toBe(404);
    await approveLatest(t, owner, approver, sop.id);
    expect((await get(crew, `/api/attachments/${oldFile}/download`)).statusCode).toBe(404);
    expect((await get(crew, `/api/attachments/${newFile}/download`)).statusCode).toBe(200);
  });
});
