import { describe, expect, it } from 'vitest';
import { MAX_EXTRACTED_TEXT_CHARS } from '../../../common/text-status';
import { buildPdf, makeDocx, makeXlsx } from '../test/documents';
import { truncatedPdf } from '../test/hostile-files';
import { DocumentRefused } from './document-limits';
import { extractText, tidyText } from './text-extraction';

/** What the document worker's `text` task does, called in-process. */
describe('text extraction', () => {
  it('reads the text layer of every page of a PDF', async () => {
    const filler = Array.from({ length: 100 }, (_, i) => `Line ${i + 1} of the mooring plan.`);
    const pdf = await buildPdf({ title: 'Mooring', body: ['# Mooring', ...filler, 'Single up the springs on page three.'] });
    const { text, truncated } = await extractText('application/pdf', pdf);
    expect(truncated).toBe(false);
    expect(text).toContain('Line 1 of the mooring plan.');
    expect(text).toContain('Single up the springs on page three.');
  });

  it('keeps the pages of a PDF apart with a form feed, and counts them', async () => {
    const pdf = await buildPdf({ body: ['Page one.', { newPage: true }, 'Page two.'] });
    expect(await extractText('application/pdf', pdf)).toEqual({ text: 'Page one.\fPage two.', truncated: false, pages: 2 });
  });

  it('reads the raw text of a Word file and decodes plain text', async () => {
    const docx = await extractText(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      await makeDocx('Galley', ['Sanitise the boards.']),
    );
    expect(docx.text).toContain('Sanitise the boards.');
    const plain = await extractText('text/plain', Buffer.from('Pilot\u0000 ladder\u0007 rigged\r\n\r\n  lee   side \xff', 'latin1'));
    expect(plain.text).toBe('Pilot ladder rigged\nlee side \ufffd');
  });

  it('keeps at most MAX_EXTRACTED_TEXT_CHARS characters and never splits a surrogate pair', async () => {
    const text = `${'a'.repeat(MAX_EXTRACTED_TEXT_CHARS - 1)}\u{1F6A2}tail`;
    const result = await extractText('text/plain', Buffer.from(text));
    expect(result.truncated).toBe(true);
    expect(result.text).toBe('a'.repeat(MAX_EXTRACTED_TEXT_CHARS - 1));
  });

  it('refuses other types and reports a broken PDF', async () => {
    await expect(extractText('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await makeXlsx())).rejects.toBeInstanceOf(DocumentRefused);
    await expect(extractText('application/pdf', await truncatedPdf())).rejects.toThrow();
  });

  it('tidies whitespace and control characters', () => {
    expect(tidyText(' a \t b\n\n\n c\u000b d ')).toBe('a b\nc d');
  });
});
