/** Each kind of file recognised, and the type it is stored and served as. */
const MIME_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  text: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  svg: 'image/svg+xml',
  xml: 'application/xml',
} as const;

/**
 * What a file really is, by its first bytes (never by its name alone). Returns null for
 * anything not recognised.
 */
export type SniffedType = { [K in keyof typeof MIME_TYPES]: { kind: K; mimeType: (typeof MIME_TYPES)[K] } }[keyof typeof MIME_TYPES];

const sniffed = <K extends keyof typeof MIME_TYPES>(kind: K) => ({ kind, mimeType: MIME_TYPES[kind] }) as Extract<SniffedType, { kind: K }>;

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function sniffFileType(data: Buffer, originalName = ''): SniffedType | null {
  const ext = originalName.toLowerCase().split('.').pop() ?? '';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return sniffed('pdf');
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return sniffed('png');
  if (startsWith(data, [0xff, 0xd8, 0xff])) return sniffed('jpeg');
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) return sniffed('gif');
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    // An OOXML package is a zip whose entries name their part folders.
    const head = data.subarray(0, Math.min(data.length, 64 * 1024)).toString('latin1');
    if (head.includes('word/')) return sniffed('docx');
    if (head.includes('xl/')) return sniffed('xlsx');
    return null;
  }
  if (startsWith(data, OLE2)) {
    // Legacy Office files share one container; the name tells Word from Excel.
    if (ext === 'xls') return sniffed('xls');
    if (ext === 'doc') return sniffed('doc');
    return null;
  }
  if (!looksLikeText(data)) return null;
  const markup = markupType(data);
  if (markup) return markup;
  return ext === 'csv' ? sniffed('csv') : sniffed('text');
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
  if (/<svg[\s>/]/.test(head)) return sniffed('svg');
  if (LEADING_HTML.test(head) || ACTIVE_TAG.test(head)) return sniffed('html');
  if (head.startsWith('<?xml')) return sniffed('xml');
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
