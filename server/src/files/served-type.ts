/**
 * The Content-Type a stored file is sent with. Documents and images we accept go as they
 * are; anything with a text type (and markup a browser would render or run: HTML, SVG,
 * XML, scripts) goes as plain text, which `nosniff` keeps plain; any other type, which
 * only older rows can hold, goes as an opaque download.
 */
const SENT_AS_STORED = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/jpeg',
  'image/gif',
]);

const RENDERABLE = /^text\/|[/+]xml$|^image\/svg|javascript|ecmascript|^application\/xhtml/;

export function servedContentType(mimeType: string): string {
  const type = mimeType.split(';')[0].trim().toLowerCase();
  if (SENT_AS_STORED.has(type)) return type;
  if (RENDERABLE.test(type)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}
