/**
 * Reads a PDF's structure (pdf-lib: objects and dictionaries, no drawing) and refuses it
 * before pdfjs renders anything when page 1 would cost too much: too many pages, a page
 * too large or too thin, an image with too many pixels, or drawing operators that inflate
 * past the limit. Only page 1 is looked at in depth because only page 1 is rendered.
 */
import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, ParseSpeeds, type PDFObject } from 'pdf-lib';
import { DOCUMENT_LIMITS, DocumentRefused, megabytes, megapixels } from './document-limits';

const name = (value: string) => PDFName.of(value);

export async function checkPdf(pdf: Uint8Array): Promise<void> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (err) {
    throw new DocumentRefused(`The PDF could not be read (${err instanceof Error ? err.message : String(err)})`);
  }
  const pages = doc.getPageCount();
  if (pages === 0) throw new DocumentRefused('The PDF has no pages');
  if (pages > DOCUMENT_LIMITS.pdfPages)
    throw new DocumentRefused(`The PDF has ${pages} pages; previews are made for files of up to ${DOCUMENT_LIMITS.pdfPages}`);

  const page = doc.getPage(0);
  const { width, height } = page.getSize();
  const side = Math.max(Math.abs(width), Math.abs(height));
  if (!(side > 0) || side > DOCUMENT_LIMITS.pdfPageSide)
    throw new DocumentRefused(`Page 1 measures ${Math.round(width)} × ${Math.round(height)} points, beyond what a PDF page can be`);
  if (Math.abs(height) / Math.abs(width) > DOCUMENT_LIMITS.pdfPageAspect) {
    throw new DocumentRefused(`Page 1 is more than ${DOCUMENT_LIMITS.pdfPageAspect} times taller than it is wide`);
  }

  const budget = { contentBytes: 0, encrypted: doc.isEncrypted };
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  for (const stream of streams) countContent(doc, stream, budget);
  checkResources(doc, page.node.Resources(), budget, new Set(), 0);
}

type Budget = { contentBytes: number; encrypted: boolean };

/** Images and drawn forms reachable from a resource dictionary, forms followed a few levels deep. */
function checkResources(doc: PDFDocument, resources: PDFDict | undefined, budget: Budget, seen: Set<PDFObject>, depth: number) {
  const xobjects = resources?.lookupMaybe(name('XObject'), PDFDict);
  if (!xobjects || depth > 8) return;
  for (const [, ref] of xobjects.entries()) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const subtype = stream.dict.lookupMaybe(name('Subtype'), PDFName);
    if (subtype === name('Image')) {
      const w = stream.dict.lookupMaybe(name('Width'), PDFNumber)?.asNumber() ?? 0;
      const h = stream.dict.lookupMaybe(name('Height'), PDFNumber)?.asNumber() ?? 0;
      if (w * h > DOCUMENT_LIMITS.imagePixels) {
        throw new DocumentRefused(
          `Page 1 holds an image of ${Math.round(w)} × ${Math.round(h)} pixels (${megapixels(w * h)}); previews are made for images up to ${megapixels(DOCUMENT_LIMITS.imagePixels)}`,
        );
      }
    } else if (subtype === name('Form')) {
      countContent(doc, ref, budget);
      checkResources(doc, stream.dict.lookupMaybe(name('Resources'), PDFDict), budget, seen, depth + 1);
    }
  }
}

/** Adds a content stream's inflated size to the page's total; refuses once it passes the limit. */
function countContent(doc: PDFDocument, ref: PDFObject, budget: Budget) {
  const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
  if (!(stream instanceof PDFRawStream)) return;
  budget.contentBytes += inflatedSize(stream, DOCUMENT_LIMITS.contentBytes - budget.contentBytes + 1, budget.encrypted);
  if (budget.contentBytes > DOCUMENT_LIMITS.contentBytes) {
    throw new DocumentRefused(
      `Page 1's drawing instructions inflate past ${megabytes(DOCUMENT_LIMITS.contentBytes)}; previews are made for pages up to that size`,
    );
  }
}

/**
 * The stream's size once decoded, inflating at most `cap` bytes. Streams it cannot decode
 * here (encrypted, or filters other than Flate) count at their stored size; the worker's
 * memory and time limits stand behind them.
 */
function inflatedSize(stream: PDFRawStream, cap: number, encrypted: boolean): number {
  const filter = stream.dict.lookup(name('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const flateOnly = filters.length === 1 && filters[0] === name('FlateDecode');
  if (encrypted || !flateOnly) return stream.contents.length;
  try {
    // Sync flush tolerates a stream cut short, as pdfjs does.
    return zlib.inflateSync(stream.contents, { maxOutputLength: Math.max(cap, 1), finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return cap;
    return stream.contents.length;
  }
}
