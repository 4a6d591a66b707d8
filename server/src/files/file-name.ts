import { FileName } from '../../../common/contracts/fields';
import { badRequest } from '../http/errors';

/**
 * The name an uploaded part gives its file, as kept for display and downloads. Browsers
 * send a bare name, some tools a path: the last segment is kept, within 255 characters.
 * A name with control characters (U+0000 cannot even be stored) is refused with 400
 * naming the form field.
 */
export function uploadedFileName(field: string, filename: string | undefined, fallback = 'upload'): string {
  const base = (filename ?? '').split(/[\\/]/).pop()?.trim() || fallback;
  const parsed = FileName.safeParse(base.slice(-255));
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message, undefined, field);
  return parsed.data;
}
