import { MAX_FILE_BYTES } from '../../../../common/limits';
import type { Db } from '../../db/client';
import type { DocumentTasks } from '../../documents/document-tasks';
import { DocumentWorkError, type DocumentWorkers } from '../../documents/worker-pool';
import { FileIntegrityError, readAll } from '../../files/store';
import { PermanentJobError } from '../../jobs/job-runner';

type FileTaskKind = 'preview' | 'text' | 'html';

/**
 * A document worker's task on one stored file, for a job: the file's own fault (refused,
 * unreadable, too big, too slow, corrupted) fails the job for good, since another try would
 * repeat it; anything else is thrown as it came, to be tried again.
 */
export async function workOnStoredFile<K extends FileTaskKind>(
  db: Db,
  workers: DocumentWorkers,
  kind: K,
  file: { sha256: string; mimeType: string },
  signal?: AbortSignal,
): Promise<DocumentTasks[K]['output']> {
  try {
    const data = await readAll(db, file.sha256, MAX_FILE_BYTES);
    return await workers.run(kind, { mimeType: file.mimeType, data }, signal);
  } catch (err) {
    if (err instanceof DocumentWorkError || err instanceof FileIntegrityError) throw new PermanentJobError(err.message);
    throw err;
  }
}
