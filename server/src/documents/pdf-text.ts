/**
 * Text in any of the crew's scripts on a PDF page. pdf-lib draws one font at a time, so a line
 * is cut into runs: Devanagari in Noto Sans Devanagari, everything else in Noto Sans; spaces,
 * digits and punctuation stay with the run they are in. fontkit shapes each run as it is laid
 * out (Devanagari conjuncts and vowel signs), and every width is measured run by run.
 */
import type { Color, PDFFont, PDFPage } from 'pdf-lib';

/** One weight: its two fonts and the characters each has a glyph for. */
export interface FontFace {
  latin: PDFFont;
  devanagari: PDFFont;
  latinCovers: Set<number>;
  devanagariCovers: Set<number>;
}

export interface Fonts {
  regular: FontFace;
  bold: FontFace;
}

export interface TextRun {
  text: string;
  font: PDFFont;
}

/** Printed for a character neither font has (Chinese, say): U+FFFD, the replacement character. */
export const REPLACEMENT = '\uFFFD';

const DEVANAGARI = /\p{Script=Devanagari}/u;
/** Belongs to no one script (spaces, digits, punctuation, joiners, combining marks). */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** `text` as runs of one font each; characters neither font covers become REPLACEMENT. */
export function textRuns(text: string, face: FontFace): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const current = runs.at(-1);
    const covers = (font: PDFFont) => (font === face.latin ? face.latinCovers : face.devanagariCovers).has(code);
    let font: PDFFont;
    let printed = char;
    if (current && NEUTRAL.test(char) && covers(current.font)) font = current.font;
    else if (DEVANAGARI.test(char) && covers(face.devanagari)) font = face.devanagari;
    else if (covers(face.latin)) font = face.latin;
    else if (covers(face.devanagari)) font = face.devanagari;
    else [font, printed] = [face.latin, REPLACEMENT];
    if (current?.font === font) current.text += printed;
    else runs.push({ text: printed, font });
  }
  return runs;
}

/** Laying out (shaping) a run is the slow part, and a copy measures the same words again and again. */
const measured = new WeakMap<PDFFont, Map<string, number>>();

/** The width of a run at size 1 (widths grow with the size), measured once per font. */
function runWidth(font: PDFFont, text: string): number {
  let widths = measured.get(font);
  if (!widths) measured.set(font, (widths = new Map()));
  let width = widths.get(text);
  if (width === undefined) widths.set(text, (width = font.widthOfTextAtSize(text, 1000) / 1000));
  return width;
}

export function widthOf(text: string, face: FontFace, size: number): number {
  return textRuns(text, face).reduce((width, run) => width + runWidth(run.font, run.text) * size, 0);
}

/** Draws `text` from (x, y), run after run. */
export function drawTextRuns(page: PDFPage, text: string, at: { x: number; y: number; size: number; face: FontFace; color: Color }) {
  let x = at.x;
  const runs = textRuns(text, at.face);
  for (const [i, run] of runs.entries()) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
    // Measuring is laying the run out again: only a run that another follows needs its width.
    if (i < runs.length - 1) x += runWidth(run.font, run.text) * at.size;
  }
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** What the eye counts as characters: a Devanagari syllable's vowel sign stays with its consonant. */
export function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}
