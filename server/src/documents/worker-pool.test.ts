import { afterAll, describe, expect, it } from 'vitest';
import { docxZipBomb } from '../test/hostile-files';
import { readZipDirectory } from './docx-checks';
import { createDocumentWorkers, DocumentWorkError, type DocumentWorkers } from './worker-pool';
import { makeDocx, makePdf } from '../test/documents';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const opened: DocumentWorkers[] = [];
const pool = (opts: Parameters<typeof createDocumentWorkers>[0] = {}) => {
  const workers = createDocumentWorkers(opts);
  opened.push(workers);
  return workers;
};
afterAll(async () => {
  for (const workers of opened) await workers.close();
});

async function failure(work: Promise<unknown>): Promise<DocumentWorkError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DocumentWorkError);
  return err as DocumentWorkError;
}

describe('document workers', () => {
  it('render in a child process, refuse a zip bomb from its directory, and keep serving after a refusal', async () => {
    const workers = pool();
    const refused = await failure(workers.run('preview', { mimeType: DOCX, data: await docxZipBomb() }));
    expect(refused.reason).toBe('refused');
    const page = await workers.run('preview', { mimeType: DOCX, data: await makeDocx('Galley hygiene', ['Wash hands.']) });
    expect(Buffer.from(page.png).subarray(1, 4).toString()).toBe('PNG');
  });

  it('stop a worker whose resident memory passes the cap', async () => {
    // Loading pdfjs, canvas and mammoth alone takes more than 40 MB.
    const tight = pool({ memoryMb: 40 });
    const err = await failure(tight.run('preview', { mimeType: 'application/pdf', data: await makePdf('Engine room') }));
    expect(err.reason).toBe('memory');
    expect(err.message).toBe('Processing needed more than 40 MB of memory and was stopped');
  });

  it('stop a task when the caller gives up on it', async () => {
    const workers = pool();
    const controller = new AbortController();
    const work = workers.run('preview', { mimeType: 'application/pdf', data: await makePdf('Bridge') }, controller.signal);
    controller.abort(new Error('The server is shutting down'));
    await expect(work).rejects.toThrow('The server is shutting down');
  });

  it('read the sizes a zip declares from its central directory', async () => {
    const entries = readZipDirectory(await docxZipBomb());
    expect(entries.find((e) => e.name === 'word/document.xml')?.uncompressedSize).toBeGreaterThan(200_000_000);
    expect(readZipDirectory(await makeDocx('Small')).some((e) => e.name === 'word/document.xml')).toBe(true);
  });
});
