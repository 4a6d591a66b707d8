/**
 * Hostile files built in code, for tests and the benchmark: each is small on the wire and
 * ruinous to parse naively. Every builder is memoised (the bombs take a second or two of
 * CPU to deflate) and returns a fresh copy, so callers may mutate what they get.
 *
 *   imageBombPdf()           ~1.2 MB PDF whose page draws one 20000 x 20000 RGB image (1.2 GB decoded)
 *   docxZipBomb()            ~0.3 MB .docx whose word/document.xml inflates to ~200 MB of paragraphs
 *   pdfWithManyOperators()   small PDF whose page content inflates to ~150 MB (~32 million drawing operators)
 *   truncatedPdf()           a real PDF cut off in its middle
 */
import zlib from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

const MB = 1024 * 1024;

function memo(build: () => Promise<Buffer>): () => Promise<Buffer> {
  let made: Promise<Buffer> | undefined;
  return async () => Buffer.from(await (made ??= build()));
}

interface Deflated {
  data: Buffer;
  /** Inflated size and CRC-32, as a zip entry needs them. */
  size: number;
  crc: number;
}

const FULL_FLUSH = { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH };

/**
 * `head + chunk × times + tail`, deflated without ever holding the inflated bytes: a full
 * flush ends each piece on a byte boundary with no back-references, so the chunk is
 * compressed once and its bytes repeated. `zlib` wraps the result as PDF's FlateDecode wants.
 */
function deflateRepeated(parts: { head?: string; chunk: Buffer; times: number; tail?: string }, format: 'raw' | 'zlib'): Deflated {
  const head = Buffer.from(parts.head ?? '');
  const tail = Buffer.from(parts.tail ?? '');
  const body = zlib.deflateRawSync(parts.chunk, FULL_FLUSH);
  const pieces = [zlib.deflateRawSync(head, FULL_FLUSH), ...Array<Buffer>(parts.times).fill(body), zlib.deflateRawSync(tail, { level: 9 })];
  const size = head.length + parts.chunk.length * parts.times + tail.length;
  if (format === 'zlib') {
    let sum = adler32(head);
    const chunkSum = adler32(parts.chunk);
    for (let i = 0; i < parts.times; i += 1) sum = adler32Combine(sum, chunkSum, parts.chunk.length);
    sum = adler32Combine(sum, adler32(tail), tail.length);
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32BE(sum >>> 0);
    return { data: Buffer.concat([Buffer.from([0x78, 0xda]), ...pieces, trailer]), size, crc: 0 };
  }
  // Empty pieces are skipped: Node 20's crc32 of an empty buffer can drop the running value.
  let crc = 0;
  for (const piece of [head, ...Array<Buffer>(parts.times).fill(parts.chunk), tail]) if (piece.length > 0) crc = zlib.crc32(piece, crc);
  return { data: Buffer.concat(pieces), size, crc };
}

const ADLER_BASE = 65521;

function adler32(bytes: Buffer): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % ADLER_BASE;
    b = (b + a) % ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of A+B from those of A and B and B's length. */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  let sum1 = first & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (second & 0xffff) + ADLER_BASE - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/** A one-page PDF drawing the given deflated operators; `resources` may add objects and answer the operators to draw them. */
async function pdfWithContent(content: Buffer | ((pdf: PDFDocument) => Buffer)): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const operators = typeof content === 'function' ? content(pdf) : content;
  page.node.set(PDFName.of('Contents'), pdf.context.register(pdf.context.stream(operators, { Filter: 'FlateDecode' })));
  return Buffer.from(await pdf.save());
}

export const imageBombPdf = memo(async () => {
  const side = 20_000;
  const row = Buffer.alloc(side * 3);
  const pixels = deflateRepeated({ chunk: Buffer.concat(Array(16).fill(row)), times: side / 16 }, 'zlib');
  return pdfWithContent((pdf) => {
    const image = pdf.context.stream(pixels.data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    // pdf-lib names the resource itself (Im0-1, say): the page must draw that name.
    const name = pdf.getPage(0).node.newXObject('Im0', pdf.context.register(image));
    return zlib.deflateSync(Buffer.from(`q 595 0 0 842 0 0 cm ${name.toString()} Do Q\n`));
  });
});

export const pdfWithManyOperators = memo(async () => {
  // Three operators in 14 bytes, repeated to ~150 MB: about 32 million operators.
  const line = Buffer.from('0 0 m 9 9 l S\n');
  const perChunk = Math.floor(MB / line.length);
  const content = deflateRepeated({ chunk: Buffer.concat(Array(perChunk).fill(line)), times: 150 }, 'zlib');
  return pdfWithContent(content.data);
});

export const truncatedPdf = memo(async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 3; p += 1) {
    const page = pdf.addPage([595, 842]);
    for (let i = 0; i < 40; i += 1)
      page.drawText(`Page ${p + 1}, line ${i + 1}: muster stations and lifeboat drills`, { x: 50, y: 800 - i * 18, size: 11, font });
  }
  const whole = Buffer.from(await pdf.save());
  return whole.subarray(0, Math.floor(whole.length / 2));
});

export const docxZipBomb = memo(async () => {
  const paragraph = Buffer.from('<w:p><w:r><w:t>Muster station drill: every crew member reports to the assigned station.</w:t></w:r></w:p>');
  const perChunk = Math.floor(MB / paragraph.length);
  const document = deflateRepeated(
    {
      head: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
      chunk: Buffer.concat(Array(perChunk).fill(paragraph)),
      times: 200,
      tail: '</w:body></w:document>',
    },
    'raw',
  );
  return zip([
    {
      name: '[Content_Types].xml',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    { name: 'word/document.xml', deflated: document },
  ]);
});

type ZipEntry = { name: string; text: string } | { name: string; deflated: Deflated };

/** The fields a local header and a central directory entry share, from "version needed" on. */
function writeEntryFields(target: Buffer, at: number, body: Deflated, nameLength: number) {
  target.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  target.writeUInt16LE(8, at + 4); // method: deflate
  target.writeUInt16LE(0x21, at + 8); // date: 1980-01-01
  target.writeUInt32LE(body.crc >>> 0, at + 10);
  target.writeUInt32LE(body.data.length, at + 14);
  target.writeUInt32LE(body.size, at + 18);
  target.writeUInt16LE(nameLength, at + 22);
}

/** A plain zip (deflate, no zip64): local headers, then the central directory, then its end record. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const body = 'deflated' in entry ? entry.deflated : deflateRepeated({ chunk: Buffer.from(entry.text), times: 1 }, 'raw');
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, body, name.length);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    writeEntryFields(header, 6, body, name.length);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, body.data);
    central.push(header, name);
    offset += local.length + name.length + body.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Sizes a caller can print: what each hostile file weighs on the wire. */
export async function hostileFiles(): Promise<{ name: string; data: Buffer }[]> {
  return [
    { name: 'image-bomb.pdf', data: await imageBombPdf() },
    { name: 'zip-bomb.docx', data: await docxZipBomb() },
    { name: 'many-operators.pdf', data: await pdfWithManyOperators() },
    { name: 'truncated.pdf', data: await truncatedPdf() },
  ];
}
