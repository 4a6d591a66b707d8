import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff';

describe('sniffFileType', () => {
  it('knows a PDF by its header, whatever its name', () => {
    expect(sniffFileType(Buffer.from('%PDF-1.7\n...'), 'notes.txt')?.kind).toBe('pdf');
  });
  it('does not take a text file named .pdf for a PDF', () => {
    expect(sniffFileType(Buffer.from('hello'), 'fake.pdf')?.kind).toBe('text');
  });
  it('tells CSV from plain text by name once the bytes are text', () => {
    expect(sniffFileType(Buffer.from('a,b\n1,2\n'), 'ports.csv')?.kind).toBe('csv');
  });
  it('refuses binary noise', () => {
    expect(sniffFileType(Buffer.from([0x00, 0x01, 0x02, 0xff]), 'x.bin')).toBeNull();
  });
  it('recognises images', () => {
    expect(sniffFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.kind).toBe('png');
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.kind).toBe('jpeg');
    expect(sniffFileType(Buffer.from('GIF89a'))?.kind).toBe('gif');
  });
  it('needs the legacy Office container and the right extension for xls and doc', () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(sniffFileType(ole, 'plan.xls')?.kind).toBe('xls');
    expect(sniffFileType(ole, 'plan.doc')?.kind).toBe('doc');
    expect(sniffFileType(ole, 'plan.bin')).toBeNull();
  });
});
