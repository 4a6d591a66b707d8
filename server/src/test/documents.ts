import { createRequire } from 'node:module';
import path from 'node:path';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, type PDFFont, PDFHexString, PDFName, type PDFPage, type PDFRef, rgb, StandardFonts } from 'pdf-lib';

/**
 * The one set of document builders: real PDF, Word and Excel files, made the way authoring
 * tools make them, so the server's type sniffing, checks and previews treat them as real.
 * Server tests, the demo seed and the browser journeys all build their files here.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const NAVY = rgb(0.07, 0.2, 0.36);
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.45);
const LINK = rgb(0.04, 0.36, 0.67);

/**
 * A body line: text as the SOP screens render it ('# ', '## ', '### ' headings, the rest
 * wrapped paragraphs), a table row whose cells start at fixed columns, or a new page.
 */
export type PdfLine = string | { row: string[] } | { newPage: true };

export interface PdfSpec {
  /** The document title in its metadata. */
  title?: string;
  author?: string;
  /** A coloured band across the top of the first page. */
  banner?: { heading: string; subheading?: string };
  body?: PdfLine[];
  /** Small print at the bottom of the last page. */
  footer?: string;
  /** The document's outline (bookmarks): each entry goes to where the body line `line` was drawn. */
  outline?: { title: string; line: string }[];
  /** Links inside the document: the body line `from`, drawn as a link, goes to where the line `to` was drawn. */
  links?: { from: string; to: string }[];
}

/** Where a body line was drawn: its page, the top of its first line, and that line's width. */
interface DrawnLine {
  page: PDFPage;
  top: number;
  width: number;
  size: number;
}

/** pdf-lib's standard fonts speak WinAnsi only: typographic quotes become plain ones. */
const winAnsi = (text: string) =>
  text
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7e°]/g, '-');

function wrapLine(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

const HEADING_SIZES: [prefix: string, size: number][] = [
  ['### ', 12],
  ['## ', 13],
  ['# ', 20],
];
const ROW_COLUMNS = [0, 90, 360];

/** A PDF of one or more A4 pages: banner, then the body lines (new pages as they fill), then the footer. */
export async function buildPdf(spec: PdfSpec): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  if (spec.title) pdf.setTitle(spec.title);
  if (spec.author) pdf.setAuthor(spec.author);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - 60;
  if (spec.banner) {
    page.drawRectangle({ x: 0, y: A4[1] - 80, width: A4[0], height: 80, color: NAVY });
    page.drawText(winAnsi(spec.banner.heading), { x: MARGIN, y: A4[1] - 44, size: 20, font: bold, color: rgb(1, 1, 1) });
    if (spec.banner.subheading) page.drawText(winAnsi(spec.banner.subheading), { x: MARGIN, y: A4[1] - 66, size: 10, font: regular, color: rgb(0.85, 0.9, 1) });
    y = A4[1] - 120;
  }
  const room = (height: number) => {
    if (y - height >= 60) return;
    page = pdf.addPage(A4);
    y = A4[1] - 60;
  };
  const drawn = new Map<string, DrawnLine>();
  const linked = new Set(spec.links?.map((link) => link.from));
  for (const line of spec.body ?? []) {
    if (typeof line !== 'string' && 'newPage' in line) {
      room(Number.POSITIVE_INFINITY);
      continue;
    }
    if (typeof line !== 'string') {
      room(16);
      for (const [i, cell] of line.row.entries())
        page.drawText(winAnsi(cell), { x: MARGIN + (ROW_COLUMNS[i] ?? i * 150), y, size: 10, font: i === 0 ? bold : regular, color: INK });
      y -= 16;
      continue;
    }
    const heading = HEADING_SIZES.find(([prefix]) => line.startsWith(prefix));
    const font = heading ? bold : regular;
    const size = heading?.[1] ?? 11;
    if (heading) y -= 8;
    for (const wrapped of wrapLine(winAnsi(heading ? line.slice(heading[0].length) : line), font, size, A4[0] - 2 * MARGIN)) {
      room(size);
      if (!drawn.has(line)) drawn.set(line, { page, top: y + size, width: font.widthOfTextAtSize(wrapped, size), size });
      page.drawText(wrapped, { x: MARGIN, y, size, font, color: heading ? NAVY : linked.has(line) ? LINK : INK });
      y -= size + 6;
    }
  }
  if (spec.footer) page.drawText(winAnsi(spec.footer), { x: MARGIN, y: 36, size: 8, font: regular, color: GREY });
  addNavigation(pdf, spec, drawn);
  return Buffer.from(await pdf.save());
}

/** The outline and the internal links, as an authoring tool writes them: destinations to a page and a height on it. */
function addNavigation(pdf: PDFDocument, spec: PdfSpec, drawn: Map<string, DrawnLine>) {
  const at = (line: string) => {
    const found = drawn.get(line);
    if (!found) throw new Error(`No body line '${line}' to go to`);
    return found;
  };
  const destination = (line: string) => pdf.context.obj([at(line).page.ref, 'XYZ', null, at(line).top + 10, null]);
  for (const { from, to } of spec.links ?? []) {
    const source = at(from);
    const rect = [MARGIN, source.top - source.size - 3, MARGIN + source.width, source.top + 2];
    source.page.node.addAnnot(pdf.context.register(pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0], Dest: destination(to) })));
  }
  const entries = spec.outline ?? [];
  if (entries.length === 0) return;
  const root = pdf.context.nextRef();
  const refs: PDFRef[] = entries.map(() => pdf.context.nextRef());
  entries.forEach((entry, i) => {
    const item = pdf.context.obj({ Title: PDFHexString.fromText(entry.title), Parent: root, Dest: destination(entry.line) });
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]);
    if (i < entries.length - 1) item.set(PDFName.of('Next'), refs[i + 1]);
    pdf.context.assign(refs[i], item);
  });
  pdf.context.assign(root, pdf.context.obj({ Type: 'Outlines', First: refs[0], Last: refs[refs.length - 1], Count: entries.length }));
  pdf.catalog.set(PDFName.of('Outlines'), root);
}

export interface DocxSpec {
  title?: string;
  creator?: string;
  /** A right-aligned italic line above the text. */
  header?: string;
  /** Lines as the SOP screens render them: '# ' and '## ' headings, '- ' bullets, paragraphs. */
  body: string[];
}

/** A Word document (.docx). */
export async function buildDocx(spec: DocxSpec): Promise<Buffer> {
  const paragraphs = spec.body.map((line) => {
    if (line.startsWith('# ')) return new Paragraph({ text: line.slice(2), heading: HeadingLevel.HEADING_1 });
    if (line.startsWith('## ')) return new Paragraph({ text: line.slice(3), heading: HeadingLevel.HEADING_2 });
    if (line.startsWith('- ')) return new Paragraph({ text: line.slice(2), bullet: { level: 0 } });
    return new Paragraph({ children: [new TextRun(line)] });
  });
  const header = spec.header ? [new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: spec.header, italics: true })] })] : [];
  const doc = new Document({
    ...(spec.creator ? { creator: spec.creator } : {}),
    ...(spec.title ? { title: spec.title } : {}),
    sections: [{ children: [...header, ...paragraphs] }],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

export interface XlsxSpec {
  sheet: string;
  /** The first row, in bold. */
  header: string[];
  rows: (string | number)[][];
  /** Column widths in characters. */
  widths?: number[];
}

/** An Excel workbook (.xlsx) of one sheet. */
export async function buildXlsx(spec: XlsxSpec): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(spec.sheet);
  sheet.addRow(spec.header).font = { bold: true };
  for (const row of spec.rows) sheet.addRow(row);
  spec.widths?.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// Shorthands for tests, where only the words matter.

/** A one-page PDF headed by `title`, so tests can tell files apart by bytes and text. */
export const makePdf = (title: string, lines: string[] = []) => buildPdf({ title, body: [`# ${title}`, ...lines] });

/** A Word document headed by `title`. */
export const makeDocx = (title: string, paragraphs: string[] = []) => buildDocx({ body: [`# ${title}`, ...paragraphs] });

/** An itinerary workbook with a header row and one port of call. */
export const makeXlsx = (port = 'Lisbon') =>
  buildXlsx({ sheet: 'Itinerary', header: ['Day', 'Port', 'Arrival', 'Departure'], rows: [[1, port, '08:00', '17:00']] });

/** The text of each page of a PDF, as pdfjs extracts it (to read back what the server wrote). */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const texts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return texts;
  } finally {
    await doc.destroy();
  }
}

export interface PdfBookmark {
  title: string;
  /** The page it opens, from 1. */
  page: number;
  items: PdfBookmark[];
}

/** The outline (bookmarks) of a PDF as pdfjs reads it, each with the page it opens. */
export async function pdfOutline(pdf: Buffer): Promise<PdfBookmark[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    type Node = { title: string; dest: unknown; items: Node[] };
    const read = async (nodes: Node[] | null): Promise<PdfBookmark[]> =>
      Promise.all(
        (nodes ?? []).map(async (node) => {
          const dest = (typeof node.dest === 'string' ? await doc.getDestination(node.dest) : node.dest) as [{ num: number; gen: number }] | null;
          const page = dest ? (await doc.getPageIndex(dest[0])) + 1 : 0;
          return { title: node.title, page, items: await read(node.items) };
        }),
      );
    return await read((await doc.getOutline()) as Node[] | null);
  } finally {
    await doc.destroy();
  }
}

/** The files embedded in a PDF (its attachments), by name, as pdfjs reads them. */
export async function pdfAttachments(pdf: Buffer): Promise<Record<string, Uint8Array>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const found = ((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    return Object.fromEntries(Object.values(found).map((a) => [a.filename, a.content]));
  } finally {
    await doc.destroy();
  }
}
