import { describe, expect, it } from 'vitest';
import { servedContentType } from './served-type';

describe('servedContentType', () => {
  it('sends documents and images as stored', () => {
    expect(servedContentType('application/pdf')).toBe('application/pdf');
    expect(servedContentType('image/png')).toBe('image/png');
  });
  it('sends anything with a text type, and markup, as plain text', () => {
    for (const type of [
      'text/plain',
      'text/csv',
      'text/html',
      'TEXT/HTML; charset=utf-8',
      'image/svg+xml',
      'application/xml',
      'application/xhtml+xml',
      'application/javascript',
    ]) {
      expect(servedContentType(type), type).toBe('text/plain; charset=utf-8');
    }
  });
  it('sends an unknown type as an opaque download', () => {
    expect(servedContentType('application/x-shockwave-flash')).toBe('application/octet-stream');
    expect(servedContentType('')).toBe('application/octet-stream');
  });
});
