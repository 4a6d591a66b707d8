/**
 * A manual as one controlled copy: a cover, the table of contents, the list of effective
 * sections, then each section's files, already stamped one by one (pdf-stamp.ts, a task each,
 * so no one task holds the whole manual's originals), with bookmarks (the PDF outline) per
 * chapter and section. The server writes every word; this lays them out, in a document worker.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFObject, type PDFPage, type PDFRef, rgb } from 'pdf-lib';
import { DocumentRefused } from './document-limits';
import { embedFonts } from './pdf-fonts';
import { stampPages } from './pdf-stamp';
import { drawTextRuns, type FontFace, splitGraphemes, widthOf } from './pdf-text';

/** A manual's copy holds at most this many pages: past it, print its chapters' SOPs one by one. */
export const MANUAL_COPY_MAX_PAGES = 5000;

export interface ManualCopySection {
  number: string;
  title: string;
  /** 'Version 2.0 · In force since 2026-03-20', or why there is nothing to print. */
  status: string;
  /** The stamped files, in order; none: a page saying so stands in for them. */
  files: string[];
}

export interface ManualCopyInput {
  /** Cover lines: the manual's title first, then the rest (code, date, 'Uncontrolled when printed', printer). */
  cover: string[];
  contentsTitle: string;
  effectiveTitle: string;
  /** Column heads of the list of effective sections: section, title, version, in force since. */
  effectiveHeader: [string, string, string, string];
  effectiveRows: [string, string, string, string][];
  /** Printed on the page that stands in for a section without PDF files. */
  noFiles: string;
  chapters: { number: string; title: string; sections: ManualCopySection[] }[];
  /** The stamp of the manual's own pages (cover, contents, list, stand-in pages). */
  lines: [string, string];
  outputPath: string;
}

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BOTTOM = 60;
const SIZE = 9.5;
const LEADING = 15;
const INK = rgb(0.1, 0.1, 0.15);
const MUTED = rgb(0.35, 0.35, 0.4);
const LINES_PER_PAGE = Math.floor((PAGE[1] - MARGIN - BOTTOM - 30) / LEADING);

/** The text cut (with an ellipsis) to fit `width`. */
function cut(text: string, face: FontFace, size: number, width: number): string {
  if (widthOf(text, face, size) <= width) return text;
  const kept = splitGraphemes(text);
  while (kept.length > 1 && widthOf(`${kept.join('')}…`, face, size) > width) kept.pop();
  return `${kept.join('')}…`;
}

interface OutlineItem {
  title: string;
  page: PDFPage;
  children: OutlineItem[];
}

/** Writes the outline (bookmarks) into the catalog: pdf-lib has no API for it, so the dictionaries are built by hand. */
function addOutline(doc: PDFDocument, items: OutlineItem[]) {
  const { context } = doc;
  const rootRef = context.nextRef();
  const write = (list: OutlineItem[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } => {
    const refs = list.map(() => context.nextRef());
    let count = list.length;
    list.forEach((item, i) => {
      const dict = PDFDict.withContext(context);
      const set = (key: string, value: PDFObject) => dict.set(PDFName.of(key), value);
      set('Title', PDFHexString.fromText(item.title));
      set('Parent', parent);
      set('Dest', context.obj([item.page.ref, PDFName.of('Fit')]));
      if (i > 0) set('Prev', refs[i - 1]);
      if (i < list.length - 1) set('Next', refs[i + 1]);
      if (item.children.length) {
        const kids = write(item.children, refs[i]);
        set('First', kids.first);
        set('Last', kids.last);
        set('Count', PDFNumber.of(kids.count));
        count += kids.count;
      }
      context.assign(refs[i], dict);
    });
    return { first: refs[0], last: refs[refs.length - 1], count };
  };
  const root = PDFDict.withContext(context);
  root.set(PDFName.of('Type'), PDFName.of('Outlines'));
  if (items.length) {
    const top = write(items, rootRef);
    root.set(PDFName.of('First'), top.first);
    root.set(PDFName.of('Last'), top.last);
    root.set(PDFName.of('Count'), PDFNumber.of(top.count));
  }
  context.assign(rootRef, root);
  doc.catalog.set(PDFName.of('Outlines'), rootRef);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

export async function makeManualCopy(input: ManualCopyInput): Promise<{ pages: number; size: number }> {
  // The stamped sections first: their page counts number the table of contents.
  const loaded = new Map<string, PDFDocument>();
  let total = 0;
  for (const chapter of input.chapters)
    for (const section of chapter.sections)
      for (const file of section.files) {
        const doc = await PDFDocument.load(await readFile(file), { updateMetadata: false });
        total += doc.getPageCount();
        if (total > MANUAL_COPY_MAX_PAGES) throw new DocumentRefused(`The manual has more than ${MANUAL_COPY_MAX_PAGES} pages to print`);
        loaded.set(file, doc);
      }
  const pagesOf = (s: ManualCopySection) => (s.files.length ? s.files.reduce((n, f) => n + (loaded.get(f)?.getPageCount() ?? 0), 0) : 1);

  const out = await PDFDocument.create();
  out.setTitle(input.cover[0]);
  const fonts = await embedFonts(out);
  const own: PDFPage[] = [];
  const newPage = () => {
    const page = out.addPage(PAGE);
    own.push(page);
    return page;
  };

  const tocLines = input.chapters.reduce((n, c) => n + 1 + c.sections.length, 0);
  const tocPages = Math.max(1, Math.ceil(tocLines / LINES_PER_PAGE));
  const effectivePages = Math.max(1, Math.ceil(input.effectiveRows.length / LINES_PER_PAGE));
  const firstSectionPage = 1 + tocPages + effectivePages + 1;

  // Cover.
  const cover = newPage();
  let y = PAGE[1] - 220;
  input.cover.forEach((line, i) => {
    const size = i === 0 ? 22 : 12;
    const face = i === 0 ? fonts.bold : fonts.regular;
    drawTextRuns(cover, cut(line, face, size, PAGE[0] - 2 * MARGIN), { x: MARGIN, y, size, face, color: i === 0 ? INK : MUTED });
    y -= i === 0 ? 40 : 22;
  });

  // Table of contents, with the page each section starts on.
  const width = PAGE[0] - 2 * MARGIN;
  const paged = (title: string, rows: { text: string; right?: string; bold?: boolean; indent?: number }[]) => {
    const pages: PDFPage[] = [];
    rows.forEach((row, i) => {
      if (i % LINES_PER_PAGE === 0) {
        pages.push(newPage());
        drawTextRuns(pages.at(-1)!, title, { x: MARGIN, y: PAGE[1] - MARGIN, size: 15, face: fonts.bold, color: INK });
      }
      const page = pages.at(-1)!;
      const at = PAGE[1] - MARGIN - 30 - (i % LINES_PER_PAGE) * LEADING;
      const face = row.bold ? fonts.bold : fonts.regular;
      const indent = row.indent ?? 0;
      const rightWidth = row.right ? widthOf(row.right, fonts.regular, SIZE) + 12 : 0;
      drawTextRuns(page, cut(row.text, face, SIZE, width - indent - rightWidth), { x: MARGIN + indent, y: at, size: SIZE, face, color: INK });
      if (row.right) drawTextRuns(page, row.right, { x: PAGE[0] - MARGIN - rightWidth + 12, y: at, size: SIZE, face: fonts.regular, color: MUTED });
    });
    if (!pages.length) {
      pages.push(newPage());
      drawTextRuns(pages[0], title, { x: MARGIN, y: PAGE[1] - MARGIN, size: 15, face: fonts.bold, color: INK });
    }
    return pages;
  };
  let next = firstSectionPage;
  const tocRows = input.chapters.flatMap((c) => [
    { text: `${c.number}  ${c.title}`, bold: true },
    ...c.sections.map((s) => {
      const row = { text: `${s.number}  ${s.title}`, right: String(next), indent: 18 };
      next += pagesOf(s);
      return row;
    }),
  ]);
  const contents = paged(input.contentsTitle, tocRows);
  // The list of effective sections, in four columns.
  const effective = paged(
    input.effectiveTitle,
    [input.effectiveHeader, ...input.effectiveRows].map((r, i) => ({
      text: `${r[0].padEnd(8)} ${r[1]}`,
      right: `${r[2]}   ${r[3]}`,
      bold: i === 0,
    })),
  );

  // The sections, each file's pages as stamped, or a page saying there is none.
  const outline: OutlineItem[] = [
    { title: input.contentsTitle, page: contents[0], children: [] },
    { title: input.effectiveTitle, page: effective[0], children: [] },
  ];
  for (const chapter of input.chapters) {
    const item: OutlineItem = { title: `${chapter.number} ${chapter.title}`, page: contents[0], children: [] };
    for (const section of chapter.sections) {
      let first: PDFPage | undefined;
      for (const file of section.files) {
        const source = loaded.get(file)!;
        for (const page of await out.copyPages(source, source.getPageIndices())) {
          out.addPage(page);
          first ??= page;
        }
        loaded.delete(file);
      }
      if (!first) {
        first = newPage();
        drawTextRuns(first, cut(`${section.number}  ${section.title}`, fonts.bold, 15, width), {
          x: MARGIN,
          y: PAGE[1] - MARGIN,
          size: 15,
          face: fonts.bold,
          color: INK,
        });
        drawTextRuns(first, cut(section.status, fonts.regular, SIZE, width), {
          x: MARGIN,
          y: PAGE[1] - MARGIN - 24,
          size: SIZE,
          face: fonts.regular,
          color: MUTED,
        });
        drawTextRuns(first, cut(input.noFiles, fonts.regular, SIZE, width), {
          x: MARGIN,
          y: PAGE[1] - MARGIN - 40,
          size: SIZE,
          face: fonts.regular,
          color: INK,
        });
      }
      item.children.push({ title: `${section.number} ${section.title}`, page: first, children: [] });
    }
    if (item.children.length) item.page = item.children[0].page;
    outline.push(item);
  }
  stampPages(own, input.lines, fonts);
  addOutline(out, outline);
  const bytes = await out.save();
  await writeFile(input.outputPath, bytes, { mode: 0o600 });
  return { pages: out.getPageCount(), size: bytes.length };
}
