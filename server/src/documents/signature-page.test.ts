import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../test/documents';
import { embedFonts } from './pdf-fonts';
import { REPLACEMENT, widthOf } from './pdf-text';
import { addSignaturePages, type SignaturePage, wrapText } from './signature-page';

const page = (content: Pick<SignaturePage, 'entries' | 'intro' | 'empty'>): SignaturePage => ({
  title: 'Electronic signatures',
  continuedTitle: 'Electronic signatures (continued)',
  pageLabel: 'Signature page {page} of {pages}',
  ...content,
});

describe('wrapText', () => {
  it('breaks between words, and inside a word longer than the line; no line is wider than asked', async () => {
    const { regular } = await embedFonts(await PDFDocument.create());
    const text = `Meaning: Approved (step: Konstantinos Papadopoulos-Andersson's very long departmental review) ${'f'.repeat(300)}`;
    const lines = wrapText(text, regular, 9, 200);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(widthOf(line, regular, 9)).toBeLessThanOrEqual(200);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });

  it('measures Cyrillic, Greek and Devanagari in their own fonts, and breaks a long word between whole syllables', async () => {
    const { regular } = await embedFonts(await PDFDocument.create());
    const text = `Олександр Шевченко Κωνσταντίνος Παπαδόπουλος राजेश कुमार ${'कुमार'.repeat(40)}`;
    const lines = wrapText(text, regular, 9, 150);
    for (const line of lines) expect(widthOf(line, regular, 9)).toBeLessThanOrEqual(150);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    // No line starts with a vowel sign cut from its consonant.
    for (const line of lines) expect(line).not.toMatch(/^[\u093e-\u094c]/);
  });
});

describe('addSignaturePages', () => {
  it('continues on further pages, never splitting a signature, and numbers the pages', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const entries = Array.from({ length: 120 }, (_, i) => ({
      heading: `Reader ${i + 1} Konstantinos Papadopoulos-Andersson`,
      lines: ['Meaning: Read and understood', 'Signed: 2026-11-26 10:00:00 UTC · Method: password', `SHA-256 of the signed version: ${'ab'.repeat(32)}`],
    }));
    const added = addSignaturePages(doc, page({ intro: ['Mooring Stations · Version 1.0'], entries, empty: 'None.' }), await embedFonts(doc));
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
    expect(addSignaturePages(doc, page({ intro: [], entries: [], empty: 'No electronic signatures recorded for this version.' }), await embedFonts(doc))).toBe(
      1,
    );
    expect((await pdfPageTexts(Buffer.from(await doc.save())))[0]).toContain('No electronic signatures recorded for this version.');
  });

  it('prints a character neither font has as the replacement character, and the rest of the name as written', async () => {
    const doc = await PDFDocument.create();
    addSignaturePages(doc, page({ intro: [], entries: [{ heading: 'Wang 王芳 Fang', lines: [] }], empty: '' }), await embedFonts(doc));
    expect((await pdfPageTexts(Buffer.from(await doc.save())))[0]).toContain(`Wang ${REPLACEMENT}${REPLACEMENT} Fang`);
  });
});
