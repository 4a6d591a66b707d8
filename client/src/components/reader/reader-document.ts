/**
 * What the document reader opens, and how: kept apart from the reader's code, so the screens
 * that list files can offer 'Read' without loading the reader before it is used.
 */

export type ReaderKind = 'pdf' | 'html' | 'image' | 'text';

/** A file the reader can open: the same address as its download (so the offline copy serves it). */
export interface ReaderDocument {
  /** What the reader's title says: the file name, or what the file is ('Daily program, Wed 25 Nov'). */
  title: string;
  name: string;
  mimeType: string;
  fileUrl: string;
  /** Word files: the address of their HTML (GET /api/attachments/{id}/html). */
  htmlUrl?: string;
  /** The SOP attachment it is, for `onOpened`. */
  attachmentId?: number;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** How the reader shows a file, or null when it cannot (an old .doc, a spreadsheet): download it instead. */
export function readerKindOf(mimeType: string, hasHtml = false): ReaderKind | null {
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType === DOCX) return hasHtml ? 'html' : null;
  if (['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(mimeType)) return 'image';
  if (mimeType === 'text/plain') return 'text';
  return null;
}

/** An SOP attachment as the reader opens it: its download address, and for a Word file its HTML. */
export function attachmentDocument(attachment: { id: number; originalName: string; mimeType: string }): ReaderDocument {
  return {
    title: attachment.originalName,
    name: attachment.originalName,
    mimeType: attachment.mimeType,
    fileUrl: `/api/attachments/${attachment.id}/download`,
    ...(attachment.mimeType === DOCX ? { htmlUrl: `/api/attachments/${attachment.id}/html` } : {}),
    attachmentId: attachment.id,
  };
}
