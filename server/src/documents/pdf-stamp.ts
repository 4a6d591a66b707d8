/**
 * Controlled copies: the PDF ends with a signature page (signature-page.ts), and every page
 * gets a band in its bottom margin saying which version it is, since when it is in force, who
 * printed it and when, and that a printout is uncontrolled. Runs in a document worker
 * (pdf-lib parses the whole file).
 */
import { writeFile } from 'node:fs/promises';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { DOCUMENT_LIMITS, DocumentRefused } from './document-limits';
import { embedFonts } from './pdf-fonts';
import { drawTextRuns, type FontFace, type Fonts, splitGraphemes, widthOf } from './pdf-text';
import { addSignaturePages, type SignaturePage } from './signature-page';

export const STAMP_BAND_HEIGHT = 26;
const INSET = 10;
const LARGEST_TEXT = 7.5;
const SMALLEST_TEXT = 4;

/** The largest size (down to SMALLEST_TEXT) at which the line fits; cut with an ellipsis beyond that. */
function fitted(text: string, face: FontFace, width: number): { text: string; size: number } {
  const size = Math.max(SMALLEST_TEXT, Math.min(LARGEST_TEXT, (LARGEST_TEXT * width) / Math.max(1, widthOf(text, face, LARGEST_TEXT))));
  const all = splitGraphemes(text);
  const kept = [...all];
  const cut = () => (kept.length < all.length ? `${kept.join('')}…` : kept.join(''));
  while (kept.length > 1 && widthOf(cut(), face, size) > width) kept.pop();
  return { text: cut(), size };
}

export interface StampInput {
  data: Uint8Array;
  /** Two lines, in the printer's language: what the document is, and who printed it. */
  lines: [string, string];
  /** Added after the document's pages (and stamped like them); a manual's copy adds it after a section's last file only. */
  signaturePage?: SignaturePage;
  /** Where to write the stamped file (the server streams it from there and removes it). */
  outputPath: string;
}

export async function stampPdf({ data, lines, signaturePage, outputPath }: StampInput): Promise<{ pages: number; size: number }> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(data, { updateMetadata: false });
  } catch (err) {
    if (err instanceof Error && err.name === 'EncryptedPDFError') throw new DocumentRefused('The PDF is encrypted, so it cannot be stamped');
    throw err;
  }
  if (doc.getPageCount() > DOCUMENT_LIMITS.pdfPages) throw new DocumentRefused(`The PDF has more than ${DOCUMENT_LIMITS.pdfPages} pages`);
  const fonts = await embedFonts(doc);
  if (signaturePage) addSignaturePages(doc, signaturePage, fonts);
  const pages = doc.getPages();
  stampPages(pages, lines, fonts);
  const bytes = await doc.save();
  await writeFile(outputPath, bytes, { mode: 0o600 });
  return { pages: pages.length, size: bytes.length };
}

/** Draws the band with its two lines at the foot of every page given (a manual's own pages are stamped so too). */
export function stampPages(pages: PDFPage[], lines: [string, string], fonts: Fonts) {
  // Pages mostly share one width: fit the two lines once per width.
  const fits = new Map<number, [ReturnType<typeof fitted>, ReturnType<typeof fitted>]>();
  for (const page of pages) {
    // The visible area (crop box), whatever its origin.
    const box = page.getCropBox();
    const width = box.width - 2 * INSET;
    page.drawRectangle({ x: box.x, y: box.y, width: box.width, height: STAMP_BAND_HEIGHT, color: rgb(1, 1, 1), opacity: 0.92 });
    page.drawLine({
      start: { x: box.x, y: box.y + STAMP_BAND_HEIGHT },
      end: { x: box.x + box.width, y: box.y + STAMP_BAND_HEIGHT },
      thickness: 0.5,
      color: rgb(0.6, 0.1, 0.1),
    });
    if (!fits.has(width)) fits.set(width, [fitted(lines[0], fonts.bold, width), fitted(lines[1], fonts.regular, width)]);
    const [top, bottom] = fits.get(width)!;
    drawTextRuns(page, top.text, { x: box.x + INSET, y: box.y + 15, size: top.size, face: fonts.bold, color: rgb(0.1, 0.1, 0.15) });
    drawTextRuns(page, bottom.text, { x: box.x + INSET, y: box.y + 5, size: bottom.size, face: fonts.regular, color: rgb(0.6, 0.1, 0.1) });
  }
}
