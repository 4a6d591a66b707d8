/**
 * The signature page of a controlled copy: after the document's own pages, every signature
 * of the version, one block each, wrapped to the page width and continued on further pages
 * (a block is never split). The server writes the text; this lays it out (pdf-lib, in a
 * document worker, with the stamp then added to these pages too).
 */
import { type PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { drawTextRuns, type FontFace, type Fonts, splitGraphemes, widthOf } from './pdf-text';

export interface SignaturePage {
  title: string;
  /** The title at the top of each further page. */
  continuedTitle: string;
  /** The page number in the top corner, with '{page}' and '{pages}' filled in. */
  pageLabel: string;
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

/** The text in lines no wider than `width`: broken between words, and inside a word longer than a line (between graphemes). */
export function wrapText(text: string, face: FontFace, size: number, width: number): string[] {
  // Laying out (shaping) text is the slow part: each word is measured once, and lines add up.
  const measure = (s: string) => widthOf(s, face, size);
  const space = measure(' ');
  const lines: string[] = [];
  let [line, lineWidth] = ['', 0];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const wordWidth = measure(word);
    if (line && lineWidth + space + wordWidth <= width) {
      [line, lineWidth] = [`${line} ${word}`, lineWidth + space + wordWidth];
      continue;
    }
    if (line) lines.push(line);
    [line, lineWidth] = [word, wordWidth];
    // Only a word wider than a line is cut into graphemes (segmenting every word costs as much as measuring it).
    let rest = lineWidth > width ? splitGraphemes(word) : [];
    while (lineWidth > width && rest.length > 1) {
      // As many graphemes as fit (at least one), found by halving.
      let [fit, over] = [1, rest.length];
      while (over - fit > 1) {
        const mid = (fit + over) >> 1;
        if (measure(rest.slice(0, mid).join('')) <= width) fit = mid;
        else over = mid;
      }
      lines.push(rest.slice(0, fit).join(''));
      rest = rest.slice(fit);
      [line, lineWidth] = [rest.join(''), measure(rest.join(''))];
    }
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

interface Line {
  text: string;
  face: FontFace;
  size: number;
  color: ReturnType<typeof rgb>;
}

/** Adds the signature page(s) at the end of `doc`; answers how many were added. */
export function addSignaturePages(doc: PDFDocument, content: SignaturePage, fonts: Fonts): number {
  const width = PAGE.width - 2 * MARGIN;
  const runs = (text: string, face: FontFace, size: number, color = INK): Line[] =>
    wrapText(text, face, size, width).map((t) => ({ text: t, face, size, color }));
  const heightOf = (block: Line[]) => block.reduce((h, r) => h + r.size * LEADING, 0);

  const header = [...runs(content.title, fonts.bold, TITLE_SIZE), ...content.intro.flatMap((line) => runs(line, fonts.regular, TEXT_SIZE, MUTED))];
  const continued = runs(content.continuedTitle, fonts.bold, HEADING_SIZE);
  const blocks = content.entries.length
    ? content.entries.map((e) => [...runs(e.heading, fonts.bold, HEADING_SIZE), ...e.lines.flatMap((line) => runs(line, fonts.regular, TEXT_SIZE))])
    : [runs(content.empty, fonts.regular, HEADING_SIZE)];

  const pages: PDFPage[] = [];
  let y = 0;
  const newPage = () => {
    pages.push(doc.addPage([PAGE.width, PAGE.height]));
    y = PAGE.height - MARGIN;
  };
  const draw = (block: Line[]) => {
    const page = pages[pages.length - 1];
    for (const r of block) {
      y -= r.size * LEADING;
      drawTextRuns(page, r.text, { x: MARGIN, y, size: r.size, face: r.face, color: r.color });
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
    const label = content.pageLabel.replace('{page}', String(i + 1)).replace('{pages}', String(pages.length));
    const x = PAGE.width - MARGIN - widthOf(label, fonts.regular, TEXT_SIZE - 1);
    drawTextRuns(page, label, { x, y: PAGE.height - MARGIN / 2, size: TEXT_SIZE - 1, face: fonts.regular, color: MUTED });
  });
  return pages.length;
}
