import { describe, expect, it } from 'vitest';
import { refusalOf, titleFromFileName } from './bulk-upload';

describe('titleFromFileName', () => {
  it.each([
    ['crew_muster-list v2.pdf', 'crew muster list v2'],
    ['Engine Room  Entry.docx', 'Engine Room Entry'],
    ['well-known - guide.txt', 'well known - guide'],
    ['no-extension', 'no extension'],
    ['.pdf', '.pdf'],
  ])('%s -> %s', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });

  it('keeps titles within the 200 characters an SOP title allows', () => {
    expect(titleFromFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(200);
  });
});

describe('refusalOf', () => {
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

  it('accepts the types and sizes the Upload SOP dialog accepts', () => {
    expect(refusalOf(file('a.pdf', 'application/pdf', 10))).toBeNull();
    expect(refusalOf(file('a.txt', 'text/plain', 10))).toBeNull();
  });

  it('names why a file is refused', () => {
    expect(refusalOf(file('a.exe', 'application/x-msdownload', 10))).toBe('Not an accepted type: PDF, Word, text or image files only');
    expect(refusalOf(file('a.pdf', 'application/pdf', 0))).toBe('The file is empty');
    expect(refusalOf(file('big.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe('Larger than the 10 MB limit');
  });
});
