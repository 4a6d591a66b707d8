import { ALLOWED_FILE_EXTENSIONS, MAX_FILE_BYTES } from '@common/limits';

/** The server checks the bytes too. */
const ALLOWED_EXTENSIONS: readonly string[] = ALLOWED_FILE_EXTENSIONS;
const ALLOWED_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'image/jpeg',
  'image/png',
  'image/gif',
];

/** For the file inputs' `accept`: the browser's picker offers these first. */
export const ACCEPTED_FILES = [...ALLOWED_EXTENSIONS.map((ext) => `.${ext}`), ...ALLOWED_MIME_TYPES].join(',');

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

export function isAllowedFileType(file: File): boolean {
  // Browsers leave the type empty for unknown extensions; the name decides then.
  if (file.type && ALLOWED_MIME_TYPES.includes(file.type)) return true;
  return ALLOWED_EXTENSIONS.includes(extensionOf(file.name)) && (!file.type || file.type === 'application/octet-stream');
}

export const isWithinSizeLimit = (file: File) => file.size <= MAX_FILE_BYTES;
