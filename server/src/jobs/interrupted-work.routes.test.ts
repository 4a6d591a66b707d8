import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Attachment } from '../../../common/contracts/attachments';
import type { SopDetail } from '../../../common/contracts/sops';
import { attachments, jobs } from '../db/schema';
import { makeDocx, makePdf } from '../test/documents';
import { crewOf, buildDepartment } from '../test/factories';
import { createSopAs, uploadAttachments } from '../test/client';

/** A server killed mid-job (kill -9, a power cut): what it left behind is taken up when the next one starts. */
const { t, owner } = await crewOf({ owner: 'user' }, { jobs: 'manual' });

describe('work a crash interrupted', () => {
  it('runs again at start: jobs the dead process held, and files whose job was lost, get their preview and text', { timeout: 120_000 }, async () => {
    const department = await buildDepartment(t.db, 'Engine');
    const sop = await createSopAs(t, owner, { departmentId: department.id, title: 'Bilge pumping' });
    const res = await uploadAttachments(t, owner, sop.latestVersionId, [
      { name: 'bilge.pdf', data: await makePdf('Bilge', ['Check the oily water separator.']), type: 'application/pdf' },
      { name: 'bilge-log.docx', data: await makeDocx('Bilge log', ['Record every discharge.']) },
    ]);
    expect(res.statusCode).toBe(201);
    const [pdf, docx]: Attachment[] = res.json();
    const sha = async (id: number) => (await t.db.select({ sha256: attachments.sha256 }).from(attachments).where(eq(attachments.id, id)))[0].sha256!;

    // The PDF's jobs were running in a process that is gone; the Word file's jobs were lost.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    await t.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: `${hostname()}:${deadPid}:0a0b0c`, lockedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(jobs.key, `file:${await sha(pdf.id)}`));
    await t.db.delete(jobs).where(inArray(jobs.key, [`file:${await sha(docx.id)}`]));

    t.jobs.start();
    const state = async () => {
      const detail: SopDetail = (await t.as(owner, { method: 'GET', url: `/api/sops/${sop.id}` })).json();
      return detail.versions.flatMap((v) => v.attachments).map((a) => `${a.originalName} ${a.previewStatus} ${a.textStatus}`);
    };
    const done = ['bilge.pdf ready ready', 'bilge-log.docx ready ready'];
    for (let i = 0; i < 200 && (await state()).join() !== done.join(); i += 1) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await state()).toEqual(done);
  });
});
