import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { docxZipBomb } from '../test/hostile-files';
import { readZipDirectory } from './docx-checks';
import { createDocumentWorkers, DocumentWorkError, type DocumentWorkers, WorkerStoppedError } from './worker-pool';
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

/** The document worker processes this test process runs. */
function workerPids(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-f', 'worker-entry'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** A worker started since `earlier` was taken, once it shows up. */
async function newWorkerPid(earlier: Set<number>): Promise<number | undefined> {
  for (let i = 0; i < 500; i += 1) {
    const pid = workerPids().find((p) => !earlier.has(p));
    if (pid) return pid;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return undefined;
}

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

  it('finish their task when the stop signal of the whole process group (Ctrl-C, systemctl stop) reaches them', async () => {
    const workers = pool();
    const data = await makePdf('Lifeboat drill');
    // Only this pool's worker: the earlier tests' idle workers are children of this process too.
    const earlier = new Set(workerPids());
    const work = workers.run('preview', { mimeType: 'application/pdf', data });
    let pids: number[] = [];
    for (let i = 0; i < 100 && pids.length === 0; i += 1) {
      pids = workerPids().filter((pid) => !earlier.has(pid));
      if (!pids.length) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pids.length).toBeGreaterThan(0);
    // Past Node's own start (its first line of JavaScript ignores the signals).
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const pid of pids) {
      process.kill(pid, 'SIGTERM');
      process.kill(pid, 'SIGINT');
    }
    const page = await work;
    expect(Buffer.from(page.png).subarray(1, 4).toString()).toBe('PNG');
  });

  it('say a worker stopped by a signal while it started was stopped, not that the document broke it', async () => {
    const workers = pool();
    const earlier = new Set(workerPids());
    const work = workers.run('preview', { mimeType: 'application/pdf', data: await makePdf('Muster') });
    const pid = await newWorkerPid(earlier);
    process.kill(pid!, 'SIGKILL');
    // SIGKILL is not a stop request (the kernel's out-of-memory killer sends it): the document's fault.
    await failure(work);
    const again = new Set(workerPids());
    const next = workers.run('preview', { mimeType: 'application/pdf', data: await makePdf('Muster') });
    const second = await newWorkerPid(again);
    // Before its first line of JavaScript a worker cannot ignore SIGTERM yet.
    process.kill(second!, 'SIGTERM');
    const outcome = await next.then(
      () => 'rendered',
      (err: unknown) => err,
    );
    if (outcome !== 'rendered') expect(outcome).toBeInstanceOf(WorkerStoppedError);
  });

  it('read the sizes a zip declares from its central directory', async () => {
    const entries = readZipDirectory(await docxZipBomb());
    expect(entries.find((e) => e.name === 'word/document.xml')?.uncompressedSize).toBeGreaterThan(200_000_000);
    expect(readZipDirectory(await makeDocx('Small')).some((e) => e.name === 'word/document.xml')).toBe(true);
  });
});
