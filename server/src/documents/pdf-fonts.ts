/**
 * The fonts of controlled copies: Noto Sans (Latin, Greek, Cyrillic) and Noto Sans Devanagari,
 * regular and bold, embedded as subsets so a stamped file grows by kilobytes. The TTFs are
 * read from their npm packages (resolved from this file, as the server and its document
 * workers both run from the sources) once per process.
 */
// @pdf-lib/fontkit's Indic shaper (Devanagari) was compiled with Babel's generators and calls
// a global `regeneratorRuntime` it does not bring: without it, laying out Hindi text throws.
import 'regenerator-runtime/runtime.js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFHexString } from 'pdf-lib';
import { padGlyphs } from './font-padding';
import type { FontFace, Fonts } from './pdf-text';

const resolve = createRequire(import.meta.url).resolve;

const FILES = {
  latinRegular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  devanagariRegular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  devanagariBold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
} as const;

type FontBytes = Record<keyof typeof FILES, Buffer>;
let loaded: Promise<FontBytes> | null = null;

function fontBytes(): Promise<FontBytes> {
  loaded ??= Promise.all(Object.entries(FILES).map(async ([name, file]) => [name, padGlyphs(await readFile(resolve(file)))] as const)).then(
    (entries) => Object.fromEntries(entries) as FontBytes,
  );
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/**
 * pdf-lib places glyphs by their advance widths and drops fontkit's positioning (kerning, mark
 * placement): asking fontkit for it costs most of the layout time and changes nothing drawn.
 * Noto's marks are drawn to sit on the letter before them at their default place.
 */
const UNUSED_POSITIONING = { kern: false, mark: false, mkmk: false, curs: false, dist: false, abvm: false, blwm: false };

/**
 * drawText lays its text out again each time, and a copy draws the same stamp on every page:
 * the font answers a text it has encoded before from memory (its glyphs are in the subset already).
 */
function rememberingEncodings(font: PDFFont): PDFFont {
  const encode = font.encodeText.bind(font);
  const encoded = new Map<string, PDFHexString>();
  font.encodeText = (text) => {
    let hex = encoded.get(text);
    if (!hex) encoded.set(text, (hex = encode(text)));
    return hex;
  };
  return font;
}

/** The four fonts embedded in `doc` (subsets: only the glyphs drawn are written). */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const bytes = await fontBytes();
  doc.registerFontkit(fontkit);
  const embed = async (data: Buffer) => rememberingEncodings(await doc.embedFont(data, { subset: true, features: UNUSED_POSITIONING }));
  const face = async (latin: Buffer, devanagari: Buffer): Promise<FontFace> => {
    const [l, d] = await Promise.all([embed(latin), embed(devanagari)]);
    return { latin: l, devanagari: d, latinCovers: new Set(l.getCharacterSet()), devanagariCovers: new Set(d.getCharacterSet()) };
  };
  const [regular, bold] = await Promise.all([face(bytes.latinRegular, bytes.devanagariRegular), face(bytes.latinBold, bytes.devanagariBold)]);
  return { regular, bold };
}
