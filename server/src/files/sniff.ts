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
  | { kind: 'csv'; mimeType: 'text/csv' }
  | { kind: 'html'; mimeType: 'text/html' }
  | { kind: 'svg'; mimeType: 'image/svg+xml' }
  | { kind: 'xml'; mimeType: 'application/xml' };

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
  if (!looksLikeText(data)) return null;
  const markup = markupType(data);
  if (markup) return markup;
  return ext === 'csv' ? { kind: 'csv', mimeType: 'text/csv' } : { kind: 'text', mimeType: 'text/plain' };
}

// What a browser's own sniffing takes for a page when it leads the text (WHATWG MIME
// Sniffing, "identifying a resource with an unknown MIME type"): a tag name followed by a
// space or '>'.
const LEADING_HTML = /^<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[\s>]/;
// Tags that make text active wherever they appear near the start (older browsers looked
// at the first bytes, not only the first tag).
const ACTIVE_TAG = /<(?:!doctype html|html|script|iframe|body|object|embed|frameset)[\s>/]/;

/**
 * Text that a browser would render rather than show: HTML, SVG or XML (which can carry
 * XHTML and scripts). Such text is never taken for plain text, whatever the file is named.
 */
function markupType(data: Buffer): SniffedType | null {
  const head = data
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/<svg[\s>/]/.test(head)) return { kind: 'svg', mimeType: 'image/svg+xml' };
  if (LEADING_HTML.test(head) || ACTIVE_TAG.test(head)) return { kind: 'html', mimeType: 'text/html' };
  if (head.startsWith('<?xml')) return { kind: 'xml', mimeType: 'application/xml' };
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
