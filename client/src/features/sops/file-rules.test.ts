import { describe, expect, it } from 'vitest';
import { isPreviewable } from '@/components/attachment-preview';
import { fileNameFromDisposition } from '@/lib/download';
import { isAllowedFileType, isWithinSizeLimit } from './file-rules';

const fileOf = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('upload file rules', () => {
  it('accepts PDF, Word, text and images, and refuses the rest', () => {
    expect(isAllowedFileType(fileOf('a.pdf', 'application/pdf'))).toBe(true);
    expect(isAllowedFileType(fileOf('a.doc', 'application/msword'))).toBe(true);
    expect(isAllowedFileType(fileOf('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'))).toBe(true);
    expect(isAllowedFileType(fileOf('a.txt', 'text/plain'))).toBe(true);
    expect(isAllowedFileType(fileOf('a.gif', 'image/gif'))).toBe(true);
    expect(isAllowedFileType(fileOf('a.docx', ''))).toBe(true);
    expect(isAllowedFileType(fileOf('a.zip', 'application/zip'))).toBe(false);
    expect(isAllowedFileType(fileOf('a.exe', ''))).toBe(false);
    expect(isAllowedFileType(fileOf('a.pdf', 'application/x-msdownload'))).toBe(false);
  });

  it('allows exactly 10 MB and not one byte more', () => {
    expect(isWithinSizeLimit(fileOf('a.pdf', 'application/pdf', 10 * 1024 * 1024))).toBe(true);
    expect(isWithinSizeLimit(fileOf('a.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe(false);
  });

  it('previews PDF and docx only', () => {
    expect(isPreviewable('application/pdf', 'a.pdf')).toBe(true);
    expect(isPreviewable('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx')).toBe(true);
    expect(isPreviewable('image/png', 'a.png')).toBe(false);
    expect(isPreviewable('application/msword', 'a.doc')).toBe(false);
  });
});

describe('download file names', () => {
  it('reads the RFC 5987 name first, then the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="plain.pdf"; filename*=UTF-8''Br%C3%BCcke%20plan.pdf`)).toBe('Brücke plan.pdf');
    expect(fileNameFromDisposition('attachment; filename="anchor-watch.pdf"')).toBe('anchor-watch.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
