/**
 * The signature page of a controlled copy: after the document's own pages, every signature
 * of the version, one block each, wrapped to the page width and continued on further pages
 * (a block is never split). The server writes the text; this lays it out (pdf-lib, in a
 * document worker, with the stamp then added to these pages too).
 */
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

export interface SignaturePage {
  title: string;
  /** What the page is about: the document, its version and digest. */
  intro: string[];
  /** One block per signature: a heading (the signer) and its lines. */
  entries: { heading: string; lines: string[] }[];
  /** Said instead of the blocks when there are none. */
  empty: string;
}

/** A4 portrait, in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
/** Above the stamp band (pdf-stamp.ts) and clear of it. */
const BOTTOM = 60;
const TITLE_SIZE = 15;
const HEADING_SIZE = 10.5;
const TEXT_SIZE = 9;
const LEADING = 1.35;
const BLOCK_GAP = 10;
const INK = rgb(0.1, 0.1, 0.15);
const MUTED = rgb(0.3, 0.3, 0.36);
const RULE = rgb(0.8, 0.8, 0.84);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The standard fonts encode WinAnsi only: anything else prints as '?'. */
  printable: (text: string, font: PDFFont) => string;
}

/** The text in lines no wider than `width`: broken between words, and inside a word longer than a line. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

interface Run {
  text: string;
  font: PDFFont;
  size: number;
  color: ReturnType<typeof rgb>;
}

/** Adds the signature page(s) at the end of `doc`; answers how many were added. */
export function addSignaturePages(doc: PDFDocument, content: SignaturePage, fonts: Fonts): number {
  const width = PAGE.width - 2 * MARGIN;
  const runs = (text: string, font: PDFFont, size: number, color = INK): Run[] =>
    wrapText(fonts.printable(text, font), font, size, width).map((t) => ({ text: t, font, size, color }));
  const heightOf = (block: Run[]) => block.reduce((h, r) => h + r.size * LEADING, 0);

  const header = [...runs(content.title, fonts.bold, TITLE_SIZE), ...content.intro.flatMap((line) => runs(line, fonts.regular, TEXT_SIZE, MUTED))];
  const continued = runs(`${content.title} (continued)`, fonts.bold, HEADING_SIZE);
  const blocks = content.entries.length
    ? content.entries.map((e) => [...runs(e.heading, fonts.bold, HEADING_SIZE), ...e.lines.flatMap((line) => runs(line, fonts.regular, TEXT_SIZE))])
    : [runs(content.empty, fonts.regular, HEADING_SIZE)];

  const pages: PDFPage[] = [];
  let y = 0;
  const newPage = () => {
    pages.push(doc.addPage([PAGE.width, PAGE.height]));
    y = PAGE.height - MARGIN;
  };
  const draw = (block: Run[]) => {
    const page = pages[pages.length - 1];
    for (const r of block) {
      y -= r.size * LEADING;
      page.drawText(r.text, { x: MARGIN, y, size: r.size, font: r.font, color: r.color });
    }
  };
  newPage();
  draw(header);
  y -= BLOCK_GAP;
  for (const block of blocks) {
    if (y - heightOf(block) - 4 < BOTTOM) {
      newPage();
      draw(continued);
      y -= BLOCK_GAP;
    }
    pages[pages.length - 1].drawLine({ start: { x: MARGIN, y: y - 2 }, end: { x: PAGE.width - MARGIN, y: y - 2 }, thickness: 0.4, color: RULE });
    y -= 4;
    draw(block);
    y -= BLOCK_GAP;
  }
  pages.forEach((page, i) => {
    const label = `Signature page ${i + 1} of ${pages.length}`;
    const x = PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(label, TEXT_SIZE - 1);
    page.drawText(label, { x, y: PAGE.height - MARGIN / 2, size: TEXT_SIZE - 1, font: fonts.regular, color: MUTED });
  });
  return pages.length;
}
