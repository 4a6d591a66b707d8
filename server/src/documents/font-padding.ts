/**
 * @pdf-lib/fontkit 1.1 subsets a TrueType font by copying each glyph's bytes as they are and
 * then writing short (16-bit, halved) glyph offsets whenever they fit: a glyph of odd length
 * shifts every glyph after it, and the subset draws blanks or garbage. Noto Sans is stored
 * unpadded (Noto Sans Devanagari happens to be padded). Padding every glyph to 4 bytes once,
 * when the font is loaded, makes every subset's offsets even, so the subsets come out whole.
 */

const u16 = (b: Buffer, at: number) => b.readUInt16BE(at);
const u32 = (b: Buffer, at: number) => b.readUInt32BE(at);
const padded = (n: number) => (n + 3) & ~3;

function checksum(table: Buffer): number {
  const data = Buffer.concat([table, Buffer.alloc(padded(table.length) - table.length)]);
  let sum = 0;
  for (let at = 0; at < data.length; at += 4) sum = (sum + data.readUInt32BE(at)) >>> 0;
  return sum;
}

/** The same TrueType font with every glyph padded to a multiple of 4 bytes and long glyph offsets. */
export function padGlyphs(font: Buffer): Buffer {
  const numTables = u16(font, 4);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < numTables; i++) {
    const record = 12 + 16 * i;
    const tag = font.toString('latin1', record, record + 4);
    tables.set(tag, font.subarray(u32(font, record + 8), u32(font, record + 8) + u32(font, record + 12)));
  }
  const [original, loca, glyf, maxp] = ['head', 'loca', 'glyf', 'maxp'].map((tag) => tables.get(tag));
  if (!original || !loca || !glyf || !maxp) throw new Error('Not a TrueType font with glyph outlines');
  const head = Buffer.from(original);
  const longOffsets = head.readInt16BE(50) === 1;
  const numGlyphs = u16(maxp, 4);
  const offsetOf = (i: number) => (longOffsets ? u32(loca, 4 * i) : 2 * u16(loca, 2 * i));

  const glyphs: Buffer[] = [];
  const newLoca = Buffer.alloc(4 * (numGlyphs + 1));
  let offset = 0;
  for (let i = 0; i < numGlyphs; i++) {
    const glyph = glyf.subarray(offsetOf(i), offsetOf(i + 1));
    newLoca.writeUInt32BE(offset, 4 * i);
    glyphs.push(glyph, Buffer.alloc(padded(glyph.length) - glyph.length));
    offset += padded(glyph.length);
  }
  newLoca.writeUInt32BE(offset, 4 * numGlyphs);
  head.writeInt16BE(1, 50);
  head.writeUInt32BE(0, 8); // checkSumAdjustment: no reader here depends on it
  tables.set('head', head).set('loca', newLoca).set('glyf', Buffer.concat(glyphs));

  const tags = [...tables.keys()].sort();
  const directory = Buffer.alloc(12 + 16 * tags.length);
  font.copy(directory, 0, 0, 12);
  const bodies: Buffer[] = [];
  let at = directory.length;
  tags.forEach((tag, i) => {
    const table = tables.get(tag)!;
    const record = 12 + 16 * i;
    directory.write(tag, record, 'latin1');
    directory.writeUInt32BE(checksum(table), record + 4);
    directory.writeUInt32BE(at, record + 8);
    directory.writeUInt32BE(table.length, record + 12);
    bodies.push(table, Buffer.alloc(padded(table.length) - table.length));
    at += padded(table.length);
  });
  return Buffer.concat([directory, ...bodies]);
}
