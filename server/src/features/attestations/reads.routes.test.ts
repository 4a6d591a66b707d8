import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Attestation, AttestationSummary } from '../../../../common/contracts/approvals';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, uploadAttachments } from '../../test/client';
import { approveLatest, placeIn, publishNewVersion } from '../../test/reading';

/** Openings of the files of a version (POST /api/sop-versions/{id}/reads) and what attestations keep of them. */
const { t, admin, approver, author, crew, mate, bosun } = await crewOf(
  { admin: 'admin', approver: 'approver', author: 'user', crew: 'user', mate: 'user', bosun: 'user' },
  { jobs: 'manual' },
);
let deck: number;

beforeAll(async () => {
  deck = (await buildDepartment(t.db, 'Deck')).id;
  await placeIn(t, admin, deck, crew, mate, bosun);
});

const text = (name: string) => ({ name, data: Buffer.from(`Steps of ${name}\n`), type: 'text/plain' });

/** An SOP of Deck whose version 1.0 holds the named files, approved unless `draft`. */
async function sopWithFiles(title: string, names: string[], { draft = false } = {}) {
  const sop = await createSopAs(t, author, { departmentId: deck, title });
  const versionId = sop.latestVersionId as number;
  const files: number[] = [];
  for (const name of names) {
    const res = await uploadAttachments(t, author, versionId, [text(name)]);
    expect(res.statusCode, res.body).toBe(201);
    files.push(res.json().id);
  }
  if (!draft) await approveLatest(t, author, approver, sop.id);
  return { sopId: sop.id, versionId, files };
}

const read = (who: TestUser, versionId: number, attachmentId: unknown) =>
  t.as(who, { method: 'POST', url: `/api/sop-versions/${versionId}/reads`, payload: { attachmentId } });
const attest = async (who: TestUser, versionId: number): Promise<Attestation> => {
  const res = await t.as(who, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const summary = async (who: TestUser, versionId: number): Promise<AttestationSummary> => {
  const res = await t.as(who, { method: 'GET', url: `/api/sop-versions/${versionId}/attestations` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('openings of files', () => {
  it('are recorded once per reader and file, keeping the first time, and listed in the version summary', async () => {
    const { versionId, files } = await sopWithFiles('Mooring lines', ['mooring.txt', 'winches.txt']);
    expect((await summary(crew, versionId)).opened).toEqual([]);

    const first = await read(crew, versionId, files[1]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ versionId, attachmentId: files[1], openedAt: expect.any(String) });
    const again = await read(crew, versionId, String(files[1]));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    expect((await summary(crew, versionId)).opened).toEqual([files[1]]);
    expect((await summary(mate, versionId)).opened).toEqual([]);
    expect((await read(crew, versionId, files[0])).statusCode).toBe(201);
    expect((await summary(crew, versionId)).opened).toEqual(files);
  });

  it('refuse a file of another version (404), a malformed or missing id (400), a version the reader may not see (404), and no session (401)', async () => {
    const mooring = await sopWithFiles('Anchoring', ['anchor.txt']);
    const other = await sopWithFiles('Gangway', ['gangway.txt']);
    const wrong = await read(crew, mooring.versionId, other.files[0]);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(`File ${other.files[0]} is not a file of version 1.0 of "Anchoring"`);
    expect((await read(crew, mooring.versionId, 999_999)).statusCode).toBe(404);
    for (const bad of ['abc', 0, -1, null]) {
      const res = await read(crew, mooring.versionId, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'attachmentId', message: expect.stringMatching(/^Attachment id (must be|is required)/) });
    }
    expect((await t.as(crew, { method: 'POST', url: `/api/sop-versions/${mooring.versionId}/reads`, payload: {} })).json()).toMatchObject({
      field: 'attachmentId',
      message: 'Attachment id is required',
    });
    expect((await read(crew, 999_999, mooring.files[0])).statusCode).toBe(404);
    expect(
      (await t.as(null, { method: 'POST', url: `/api/sop-versions/${mooring.versionId}/reads`, payload: { attachmentId: mooring.files[0] } })).statusCode,
    ).toBe(401);

    // Another person's draft: 404 for a plain reader, readable by its owner and an approver.
    const draft = await sopWithFiles('Draft lashing', ['lashing.txt'], { draft: true });
    expect((await read(crew, draft.versionId, draft.files[0])).statusCode).toBe(404);
    expect((await t.as(crew, { method: 'GET', url: `/api/sop-versions/${draft.versionId}/attestations` })).statusCode).toBe(404);
    expect((await read(author, draft.versionId, draft.files[0])).statusCode).toBe(201);
    expect((await read(approver, draft.versionId, draft.files[0])).statusCode).toBe(201);

    // A superseded version: its files are no longer there for a plain reader, nor its attestation.
    await publishNewVersion(t, author, approver, mooring.sopId, '2.0', 'New anchor plan');
    expect((await read(crew, mooring.versionId, mooring.files[0])).statusCode).toBe(404);
    expect((await t.as(crew, { method: 'POST', url: `/api/sop-versions/${mooring.versionId}/attestations` })).statusCode).toBe(404);
    expect((await read(admin, mooring.versionId, mooring.files[0])).statusCode).toBe(201);
  });
});

describe('attestations keep what was opened', () => {
  it('each file with its first opening, how many were not opened, and the reading time from the first opening', async () => {
    const { versionId, files } = await sopWithFiles('Pilot ladder', ['ladder.txt', 'checklist.txt']);

    // Crew opened both files 95 seconds ago (moved back in time, as if he had been reading since).
    expect((await read(crew, versionId, files[0])).statusCode).toBe(201);
    expect((await read(crew, versionId, files[1])).statusCode).toBe(201);
    await t.db.execute(sql`update attachment_reads set opened_at = opened_at - interval '95 seconds' where user_id = ${crew.id}`);
    const full = await attest(crew, versionId);
    expect(full.unopenedFiles).toBe(0);
    expect(full.files).toEqual([
      { attachmentId: files[0], originalName: 'ladder.txt', openedAt: expect.any(String) },
      { attachmentId: files[1], originalName: 'checklist.txt', openedAt: expect.any(String) },
    ]);
    expect(full.readingSeconds).toBeGreaterThanOrEqual(95);
    expect(full.readingSeconds).toBeLessThan(95 + 60);

    // The mate opened one of the two.
    expect((await read(mate, versionId, files[1])).statusCode).toBe(201);
    const partial = await attest(mate, versionId);
    expect(partial.files).toEqual([
      { attachmentId: files[0], originalName: 'ladder.txt', openedAt: null },
      { attachmentId: files[1], originalName: 'checklist.txt', openedAt: expect.any(String) },
    ]);
    expect(partial.unopenedFiles).toBe(1);
    expect(partial.readingSeconds).toEqual(expect.any(Number));

    // The bosun opened nothing: no reading time. Attesting again changes nothing, and opening later does not either.
    const blind = await attest(bosun, versionId);
    expect(blind).toMatchObject({ unopenedFiles: 2, readingSeconds: null });
    expect((await read(bosun, versionId, files[0])).statusCode).toBe(201);
    const again = await t.as(bosun, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(blind);
  });

  it('of an SOP without files: nothing to open, nothing unopened, no reading time', async () => {
    const { versionId } = await sopWithFiles('Hot work permit', []);
    expect(await attest(crew, versionId)).toMatchObject({ files: [], unopenedFiles: 0, readingSeconds: null });
  });
});
