/**
 * A .docx is a zip; mammoth inflates every part it reads into memory. Before it opens the
 * file, the zip's central directory (the index at its end) is read for the size each entry
 * declares once inflated, and a file whose parts are too many or too large is refused.
 */
import { DOCUMENT_LIMITS, DocumentRefused, megabytes } from './document-limits';

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const ZIP64_MARKER = 0xffffffff;

/** The entries as the central directory lists them; throws DocumentRefused when it cannot be read. */
export function readZipDirectory(zip: Buffer): ZipEntryInfo[] {
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  const searchFrom = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= searchFrom; i -= 1) {
    if (zip.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new DocumentRefused('The Word file is damaged: its zip directory is missing');
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (offset === ZIP64_MARKER || size === ZIP64_MARKER) throw new DocumentRefused('The Word file is a zip64 archive, which no ordinary document needs');
  if (count > DOCUMENT_LIMITS.docxEntries)
    throw new DocumentRefused(`The Word file holds ${count} parts; previews are made for up to ${DOCUMENT_LIMITS.docxEntries}`);
  if (offset + size > end) throw new DocumentRefused('The Word file is damaged: its zip directory points outside the file');

  const entries: ZipEntryInfo[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new DocumentRefused('The Word file is damaged: its zip directory is cut short');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      compressedSize: zip.readUInt32LE(at + 20),
      uncompressedSize: zip.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Refuses a .docx whose parts would inflate past the limits; mammoth is only called after this. */
export function checkDocx(docx: Buffer) {
  const entries = readZipDirectory(docx);
  if (!entries.some((e) => e.name === 'word/document.xml')) throw new DocumentRefused('The file is not a Word document: it has no word/document.xml');
  let total = 0;
  for (const entry of entries) {
    if (entry.uncompressedSize === ZIP64_MARKER || entry.uncompressedSize > DOCUMENT_LIMITS.docxEntryBytes) {
      throw new DocumentRefused(
        `The Word file's part ${entry.name} inflates to ${megabytes(entry.uncompressedSize)}; previews are made for parts up to ${megabytes(DOCUMENT_LIMITS.docxEntryBytes)}`,
      );
    }
    total += entry.uncompressedSize;
  }
  if (total > DOCUMENT_LIMITS.docxTotalBytes) {
    throw new DocumentRefused(
      `The Word file inflates to ${megabytes(total)}; previews are made for documents up to ${megabytes(DOCUMENT_LIMITS.docxTotalBytes)}`,
    );
  }
}
