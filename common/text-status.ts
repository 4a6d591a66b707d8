/**
 * Where the searchable text of an attachment stands: `pending` until the file's text has
 * been extracted, `ready` once it is searchable, `failed` when the file could not be read
 * (kept, so it is not tried again), `none` for a type whose text is not extracted.
 */
export const TEXT_STATUSES = ['pending', 'ready', 'failed', 'none'] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

/** Between two pages of a PDF's stored text: a form feed, which no page's own tidied text holds. */
export const PAGE_BREAK = '\f';

/** Characters of a file's text kept for search; the rest of a longer file is not searched. */
export const MAX_EXTRACTED_TEXT_CHARS = 200_000;

/** The types whose text is extracted: PDF (text layer), Word (docx) and plain text. */
export const TEXT_MIME_TYPES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'] as const;

export const hasExtractableText = (mimeType: string) => (TEXT_MIME_TYPES as readonly string[]).includes(mimeType);
