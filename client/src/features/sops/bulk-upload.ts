import { MAX_FILE_BYTES } from '@common/limits';
import { errorText } from '@/lib/api-error';
import { createSop, uploadAttachment } from './api';
import { isAllowedFileType, isWithinSizeLimit } from './file-rules';
import { t } from '@lingui/core/macro';

/** Files one bulk upload takes at most. */
export const BULK_UPLOAD_MAX_FILES = 20;

export type BulkFileState =
  | { state: 'waiting' }
  | { state: 'uploading'; progress: number }
  | { state: 'done'; sopId: number; title: string }
  | { state: 'refused'; reason: string; sopId?: number };

/** 'crew_muster-list v2.pdf' → 'crew muster list v2': the new SOP's title. */
export function titleFromFileName(name: string): string {
  const stem = name.replace(/\.[^.]+$/, '');
  const words = stem.replace(/[_\s]+|(?<=\S)-(?=\S)/g, ' ').trim();
  return (words || name).slice(0, 200);
}

/** Why the browser refuses a file before sending anything, or null. The server checks the bytes again. */
export function refusalOf(file: File): string | null {
  if (file.size === 0) return t`The file is empty`;
  if (!isAllowedFileType(file)) return t`Not an accepted type: PDF, Word, text or image files only`;
  const megabytes = Math.round(MAX_FILE_BYTES / 1024 / 1024);
  if (!isWithinSizeLimit(file)) return t`Larger than the ${megabytes} MB limit`;
  return null;
}

/**
 * One file of a bulk upload, through the same calls as the Upload SOP dialog: a draft SOP
 * titled from the file name, then the file attached to its first version with progress.
 */
export async function uploadOne(file: File, departmentId: number, report: (state: BulkFileState) => void): Promise<BulkFileState> {
  const refused = refusalOf(file);
  if (refused) return { state: 'refused', reason: refused };
  report({ state: 'uploading', progress: 0 });
  const title = titleFromFileName(file.name);
  let sopId: number;
  let versionId: number | null;
  try {
    const sop = await createSop({ title, departmentId, content: `Uploaded file: ${file.name}` });
    sopId = sop.id;
    versionId = sop.latestVersionId;
  } catch (error) {
    return { state: 'refused', reason: errorText(error, t`The SOP could not be created`) };
  }
  try {
    if (!versionId) throw new Error('The new SOP has no version to attach the file to');
    await uploadAttachment(versionId, file, (progress) => report({ state: 'uploading', progress }));
  } catch (error) {
    // The draft exists but holds no file: say so, so it can be fixed or removed.
    const reason = errorText(error, t`The file could not be stored`);
    return { state: 'refused', reason: t`${reason} (the draft SOP was created without it)`, sopId };
  }
  return { state: 'done', sopId, title };
}
