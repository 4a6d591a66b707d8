/**
 * What a file really is, by its first bytes (never by its name alone). Returns null for
 * anything not recognised.
 */
export type SniffedType =
  | { kind: 'pdf'; mimeType: 'application/pdf' }
  | { kind: 'docx'; mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }
  | { kind: 'xlsx'; mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }
  | { kind: 'doc'; mimeType: 'application/msword' }
  | { kind: 'xls'; mimeType: 'application/vnd.ms-excel' }
  | { kind: 'png'; mimeType: 'image/png' }
  | { kind: 'jpeg'; mimeType: 'image/jpeg' }
  | { kind: 'gif'; mimeType: 'image/gif' }
  | { kind: 'text'; mimeType: 'text/plain' }
  | { kind: 'csv'; mimeType: 'text/csv' };

export type FileKind = SniffedType['kind'];

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function sniffFileType(data: Buffer, originalName = ''): SniffedType | null {
  const ext = originalName.toLowerCase().split('.').pop() ?? '';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: 'pdf', mimeType: 'application/pdf' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png', mimeType: 'image/png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { kind: 'jpeg', mimeType: 'image/jpeg' };
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) return { kind: 'gif', mimeType: 'image/gif' };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    // An OOXML package is a zip whose entries name their part folders.
    const head = data.subarray(0, Math.min(data.length, 64 * 1024)).toString('latin1');
    if (head.includes('word/')) return { kind: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    if (head.includes('xl/')) return { kind: 'xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    return null;
  }
  if (startsWith(data, OLE2)) {
    // Legacy Office files share one container; the name tells Word from Excel.
    if (ext === 'xls') return { kind: 'xls', mimeType: 'application/vnd.ms-excel' };
    if (ext === 'doc') return { kind: 'doc', mimeType: 'application/msword' };
    return null;
  }
  if (looksLikeText(data)) return ext === 'csv' ? { kind: 'csv', mimeType: 'text/csv' } : { kind: 'text', mimeType: 'text/plain' };
  return null;
}

/** UTF-8 text without control bytes (tabs and line breaks allowed). */
function looksLikeText(data: Buffer): boolean {
  if (data.length === 0) return false;
  const sample = data.subarray(0, Math.min(data.length, 8192));
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  }
  // Reject invalid UTF-8 (binary that happens to avoid control bytes).
  return !new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD');
}
