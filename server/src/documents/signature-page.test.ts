import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../test/documents';
import { addSignaturePages, wrapText } from './signature-page';

const printable = (text: string) => text;

describe('wrapText', () => {
  it('breaks between words, and inside a word longer than the line; no line is wider than asked', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const text = `Meaning: Approved (step: Konstantinos Papadopoulos-Andersson's very long departmental review) ${'f'.repeat(300)}`;
    const lines = wrapText(text, font, 9, 200);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 9)).toBeLessThanOrEqual(200);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });
});

describe('addSignaturePages', () => {
  it('continues on further pages, never splitting a signature, and numbers the pages', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold), printable };
    const entries = Array.from({ length: 120 }, (_, i) => ({
      heading: `Reader ${i + 1} Konstantinos Papadopoulos-Andersson`,
      lines: ['Meaning: Read and understood', 'Signed: 2026-11-26 10:00:00 UTC · Method: password', `SHA-256 of the signed version: ${'ab'.repeat(32)}`],
    }));
    const added = addSignaturePages(doc, { title: 'Electronic signatures', intro: ['Mooring Stations · Version 1.0'], entries, empty: 'None.' }, fonts);
    expect(added).toBeGreaterThan(5);
    const pages = (await pdfPageTexts(Buffer.from(await doc.save()))).slice(1);
    expect(pages).toHaveLength(added);
    for (const [i, text] of pages.entries()) expect(text).toContain(`Signature page ${i + 1} of ${added}`);
    expect(pages[1]).toContain('Electronic signatures (continued)');
    const all = pages.join('\n');
    for (let i = 1; i <= 120; i++) expect(all).toContain(`Reader ${i} Konstantinos Papadopoulos-Andersson`);
    // Each page holds whole signatures: as many hashes as headings.
    for (const text of pages) expect(text.match(/Reader \d+/g)?.length).toBe(text.match(/SHA-256 of the signed version/g)?.length);
  });

  it('says the empty text when there are no signatures', async () => {
    const doc = await PDFDocument.create();
    const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold), printable };
    expect(
      addSignaturePages(doc, { title: 'Electronic signatures', intro: [], entries: [], empty: 'No electronic signatures recorded for this version.' }, fonts),
    ).toBe(1);
    expect((await pdfPageTexts(Buffer.from(await doc.save())))[0]).toContain('No electronic signatures recorded for this version.');
  });
});
