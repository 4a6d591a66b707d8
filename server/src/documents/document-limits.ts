/**
 * What a document may ask of the renderer, checked before it is parsed. Each number leaves
 * ordinary office files far inside (a 600 dpi A4 scan is 35 megapixels; a long manual a few
 * hundred pages) and refuses the shapes that exist to exhaust memory or time.
 */
const MB = 1024 * 1024;

export const DOCUMENT_LIMITS = {
  pdfPages: 2_000,
  /** Points; 14,400 (200 inches) is PDF's own maximum page side. */
  pdfPageSide: 14_400,
  /** Page 1 is drawn 800 px wide: a page at most 10 times taller than wide stays an 8,000 px canvas. */
  pdfPageAspect: 10,
  /** Decoded size of one image (pdfjs makes RGBA of it: 40 megapixels is 160 MB). */
  imagePixels: 40_000_000,
  /** Page 1's drawing operators once inflated (content streams and the forms they draw). */
  contentBytes: 24 * MB,
  /** pdfjs's own ceiling for one canvas, a second guard after the checks above. */
  canvasBytes: 64 * MB,
  docxEntries: 5_000,
  docxEntryBytes: 32 * MB,
  docxTotalBytes: 96 * MB,
} as const;

/** The file asks for more than DOCUMENT_LIMITS allow: refused before parsing, with the reason. */
export class DocumentRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentRefused';
  }
}

export const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
export const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;
