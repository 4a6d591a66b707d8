/**
 * A Word (docx) file as clean HTML for the document reader, in the document worker: mammoth
 * turns its structure (headings, paragraphs, lists, tables, links, footnotes, images) into
 * HTML, and the result is rebuilt from an allow-list (html-sanitize.ts) before it leaves the
 * worker. The zip is checked first, as for previews and text.
 */
import mammoth from 'mammoth';
import { checkDocx } from './docx-checks';
import { DocumentRefused } from './document-limits';
import { DOCUMENT_ID_PREFIX, sanitizeDocumentHtml } from './html-sanitize';

/** Image types a browser shows from inline data; anything else (EMF, WMF, SVG, TIFF) is left out. */
const SHOWN_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Far above any ordinary document (a 10 MB file of images is ~14 MB as inline data), so a runaway conversion is refused. */
export const MAX_DOCUMENT_HTML_CHARS = 20_000_000;

export async function convertDocxToHtml(docx: Buffer): Promise<{ html: string }> {
  checkDocx(docx);
  const { value } = await mammoth.convertToHtml(
    { buffer: docx },
    {
      idPrefix: DOCUMENT_ID_PREFIX,
      // A style map inside the file could map paragraphs to any element: only ours is used.
      includeEmbeddedStyleMap: false,
      externalFileAccess: false,
      convertImage: mammoth.images.imgElement(async (image) => {
        if (!SHOWN_IMAGES.has(image.contentType)) return { src: '' };
        return { src: `data:${image.contentType};base64,${await image.read('base64')}` };
      }),
    },
  );
  const html = sanitizeDocumentHtml(value);
  if (html.length > MAX_DOCUMENT_HTML_CHARS) throw new DocumentRefused('The Word file is too large to show in the reader; download it instead');
  return { html };
}
