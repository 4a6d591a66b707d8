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

describe('sniffFileType: text a browser would render', () => {
  it('takes text that is really HTML for HTML, whatever its name', () => {
    expect(sniffFileType(Buffer.from('<!DOCTYPE html><p>hi</p>'), 'notes.txt')?.kind).toBe('html');
    expect(sniffFileType(Buffer.from('\uFEFF  \n<html><body>x</body></html>'), 'notes.txt')?.kind).toBe('html');
    expect(sniffFileType(Buffer.from('<script>alert(1)</script>'), 'ports.csv')?.kind).toBe('html');
    expect(sniffFileType(Buffer.from('Harmless first line\n<iframe src="https://evil.example"></iframe>'), 'a.txt')?.kind).toBe('html');
    expect(sniffFileType(Buffer.from('<a href="javascript:alert(1)">x</a>'), 'a.txt')?.kind).toBe('html');
  });
  it('takes SVG for SVG and other XML for XML', () => {
    expect(sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png')?.kind).toBe('svg');
    expect(sniffFileType(Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE svg>\n<svg onload="alert(1)"/>'), 'x.txt')?.kind).toBe('svg');
    expect(sniffFileType(Buffer.from('<?xml version="1.0"?><catalog/>'), 'x.txt')?.kind).toBe('xml');
  });
  it('still takes ordinary text, even with angle brackets, for text', () => {
    expect(sniffFileType(Buffer.from('Keep pressure < 5 bar and > 2 bar.\n'), 'a.txt')?.kind).toBe('text');
    expect(sniffFileType(Buffer.from('<Important> read before docking'), 'a.txt')?.kind).toBe('text');
  });
});
