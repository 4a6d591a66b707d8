import { Document, ExternalHyperlink, Packer, Paragraph, TextRun } from 'docx';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachments, fileHtmls, jobs } from '../../db/schema';
import { crewOf, buildDepartment } from '../../test/factories';
import { createSopAs, uploadFiles } from '../../test/client';
import { docxZipBomb } from '../../test/hostile-files';
import { makeDocx, makePdf } from '../../test/documents';

// Jobs run only when a test says so, so each test sees the state before and after conversion.
// The reader is an approver: the files belong to a draft, which only its owner and approvers may read.
const { t, owner, reader } = await crewOf({ owner: 'user', reader: 'approver' }, { jobs: 'manual' });
let versionId: number;

beforeAll(async () => {
  const sop = await createSopAs(t, owner, { departmentId: (await buildDepartment(t.db, 'Deck')).id, title: 'Mooring lines' });
  versionId = sop.latestVersionId!;
});

const upload = async (name: string, data: Buffer) => (await uploadFiles(t, owner, versionId, [{ name, data }]))[0];

const readHtml = (id: number, user: typeof reader | null = reader) => t.as(user, { method: 'GET', url: `/api/attachments/${id}/html` });

async function htmlJobOf(attachmentId: number) {
  const [{ sha256 }] = await t.db.select({ sha256: attachments.sha256 }).from(attachments).where(eq(attachments.id, attachmentId));
  const [job] = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'docx-html'), eq(jobs.key, `file:${sha256}`)));
  return { sha256: sha256!, job };
}

/** A Word file as an author could make it: links that run script, and text that looks like HTML. */
async function docxWithHostileContent(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Mooring stations' }),
          new Paragraph({ children: [new ExternalHyperlink({ link: 'javascript:alert(document.cookie)', children: [new TextRun('Open the checklist')] })] }),
          new Paragraph({ children: [new ExternalHyperlink({ link: 'JaVaScRiPt:alert(1)', children: [new TextRun('Second link')] })] }),
          new Paragraph({ children: [new ExternalHyperlink({ link: 'https://example.org/mooring', children: [new TextRun('Class rules')] })] }),
          new Paragraph({ children: [new TextRun('<script>alert("typed")</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>')] }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

describe('the reader’s HTML of a Word file', () => {
  it('says the document is being prepared until its job has run, then answers the HTML', async () => {
    const docx = await upload('mooring.docx', await makeDocx('Mooring lines', ['Check the springs before departure.']));
    const { job } = await htmlJobOf(docx.id);
    expect(job).toMatchObject({ status: 'queued' });

    const before = await readHtml(docx.id);
    expect(before.statusCode).toBe(202);
    expect(before.json().message).toBe('The document is being prepared for reading; try again in a moment');

    await t.jobs.runUntilIdle();
    const after = await readHtml(docx.id);
    expect(after.statusCode).toBe(200);
    expect(after.json().html).toContain('<h1>Mooring lines</h1>');
    expect(after.json().html).toContain('<p>Check the springs before departure.</p>');
  });

  it('makes script links and typed HTML inert, and keeps a web link that opens apart from the app', async () => {
    const docx = await upload('hostile.docx', await docxWithHostileContent());
    await t.jobs.runUntilIdle();
    const res = await readHtml(docx.id);
    expect(res.statusCode).toBe(200);
    const html: string = res.json().html;
    expect(html).toContain('Open the checklist');
    expect(html).toContain('Second link');
    // The real links (the typed one is text): the script ones lost their target.
    expect([...html.matchAll(/<a( [^>]*)?>/g)].map((m) => m[0])).toEqual([
      '<a>',
      '<a>',
      '<a href="https://example.org/mooring" target="_blank" rel="noopener noreferrer nofollow">',
    ]);
    // Every tag left is a plain one: no script, no image, no event handler.
    expect(html.match(/<[a-z0-9]+/g)?.sort()).toEqual(['<a', '<a', '<a', '<p', '<p', '<p', '<p', '<p']);
    expect(html).toContain('<a>Open the checklist</a>');
    // The typed markup is shown as text.
    expect(html).toContain('&lt;script&gt;alert("typed")&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&lt;a href="javascript:alert(3)"&gt;x&lt;/a&gt;');
    expect(html).toContain('<a href="https://example.org/mooring" target="_blank" rel="noopener noreferrer nofollow">Class rules</a>');
  });

  it('converts identical bytes once: the same file uploaded again reads at once', async () => {
    const data = await makeDocx('Anchor watch', ['Log the position every hour.']);
    const first = await upload('anchor.docx', data);
    await t.jobs.runUntilIdle();
    const second = await upload('anchor-copy.docx', data);
    const res = await readHtml(second.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain('Log the position every hour.');
    expect((await htmlJobOf(first.id)).job).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('converts a Word file stored before the reader existed when it is first asked for', async () => {
    const docx = await upload('older.docx', await makeDocx('Gangway', ['Rig the safety net.']));
    const { sha256 } = await htmlJobOf(docx.id);
    // As an upgraded server finds it: the file, with neither its HTML nor a job for it.
    await t.db.delete(jobs).where(and(eq(jobs.kind, 'docx-html'), eq(jobs.key, `file:${sha256}`)));
    expect((await readHtml(docx.id)).statusCode).toBe(202);
    expect((await htmlJobOf(docx.id)).job).toMatchObject({ status: 'queued' });
    await t.jobs.runUntilIdle();
    expect((await readHtml(docx.id)).json().html).toContain('Rig the safety net.');
  });

  it('answers 422 for a file that cannot be converted, and never converts it again', async () => {
    const docx = await upload('bomb.docx', await docxZipBomb());
    await t.jobs.runUntilIdle();
    const res = await readHtml(docx.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'unreadable_document' });
    expect(res.json().message).toMatch(/^The document could not be prepared for reading: .+\. Use Download to open it\.$/);
    const { sha256, job } = await htmlJobOf(docx.id);
    expect(job).toMatchObject({ status: 'failed' });
    expect((await readHtml(docx.id)).statusCode).toBe(422);
    const [row] = await t.db.select({ status: fileHtmls.status }).from(fileHtmls).where(eq(fileHtmls.sha256, sha256));
    expect(row.status).toBe('failed');
    expect((await htmlJobOf(docx.id)).job).toMatchObject({ status: 'failed' });
  });

  it('is read by the rule of the download: 401 signed out, 404 where the download is 404, 415 for a file that is not Word', async () => {
    const docx = await upload('access.docx', await makeDocx('Access', ['Only for the crew.']));
    const pdf = await upload('access.pdf', await makePdf('Access'));
    expect((await readHtml(docx.id, null)).statusCode).toBe(401);
    expect((await readHtml(999_999)).statusCode).toBe(404);
    expect((await t.as(reader, { method: 'GET', url: '/api/attachments/999999/download' })).statusCode).toBe(404);
    const notWord = await readHtml(pdf.id);
    expect(notWord.statusCode).toBe(415);
    expect(notWord.json().code).toBe('unsupported_type');
  });
});
