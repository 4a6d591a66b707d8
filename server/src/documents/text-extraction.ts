/**
 * The searchable text of a file, in the document worker: the text layer of every PDF page
 * (pdfjs), the raw text of a Word file (mammoth), or plain text decoded as UTF-8. At most
 * MAX_EXTRACTED_TEXT_CHARS characters are kept; reading stops once they are reached. A PDF's
 * pages are kept apart by PAGE_BREAK, so two versions of it can be compared page by page.
 */
import mammoth from 'mammoth';
import { MAX_EXTRACTED_TEXT_CHARS, PAGE_BREAK } from '../../../common/text-status';
import { DocumentRefused } from './document-limits';
import { checkDocx } from './docx-checks';
import { openPdf } from './previews';

export interface ExtractedText {
  text: string;
  truncated: boolean;
  /** A PDF's pages read (each but the last followed by PAGE_BREAK); null for a file without pages. */
  pages: number | null;
}

/**
 * Whitespace runs become one space (a line break stays a line break) and characters a
 * database text cannot hold (NUL) or that only steer layout (other controls) are dropped.
 */
export function tidyText(raw: string): string {
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n[\s]*/g, '\n')
      .trim()
  );
}

function capped(text: string, pages: number | null = null): ExtractedText {
  if (text.length <= MAX_EXTRACTED_TEXT_CHARS) return { text, truncated: false, pages };
  // Never cut a surrogate pair in half.
  let end = MAX_EXTRACTED_TEXT_CHARS;
  if (/[\ud800-\udbff]/.test(text[end - 1])) end -= 1;
  const kept = text.slice(0, end);
  return { text: kept, truncated: true, pages: pages === null ? null : kept.split(PAGE_BREAK).length };
}

async function pdfText(pdf: Buffer): Promise<ExtractedText> {
  const document = await openPdf(pdf);
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= document.numPages && length <= MAX_EXTRACTED_TEXT_CHARS; n += 1) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        text += item.hasEOL ? '\n' : '';
      }
      page.cleanup();
      pages.push(tidyText(text));
      length += text.length + 1;
    }
    return capped(pages.join(PAGE_BREAK), pages.length);
  } finally {
    await document.destroy();
  }
}

async function docxText(docx: Buffer): Promise<ExtractedText> {
  checkDocx(docx);
  const { value } = await mammoth.extractRawText({ buffer: docx });
  return capped(tidyText(value));
}

const plainText = (data: Buffer): ExtractedText => capped(tidyText(new TextDecoder('utf-8').decode(data.subarray(0, MAX_EXTRACTED_TEXT_CHARS * 4))));

export async function extractText(mimeType: string, data: Buffer): Promise<ExtractedText> {
  if (mimeType === 'application/pdf') return pdfText(data);
  if (mimeType === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return docxText(data);
  if (mimeType === 'text/plain') return plainText(data);
  throw new DocumentRefused(`Text is read from PDF, Word (docx) and plain-text files, not ${mimeType}`);
}
