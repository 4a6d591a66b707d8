import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VersionComparison } from '@common/contracts/review-loop';
import { VersionDiff } from './version-diff';

const comparison: VersionComparison = {
  from: { id: 1, versionNumber: '1.0' },
  to: { id: 2, versionNumber: '1.1' },
  content: [
    { op: 'equal', text: '# Steps\n1. One\n' },
    { op: 'delete', text: '2. Two\n' },
    { op: 'insert', text: '2. Two changed\n3. Three\n' },
  ],
  attachments: { added: [{ id: 5, originalName: 'new.pdf' }], removed: [{ id: 3, originalName: 'old.pdf' }], unchanged: [{ id: 6, originalName: 'kept.pdf' }] },
};

describe('VersionDiff', () => {
  it('marks each line as kept, removed or added, and lists the files by change', () => {
    const { container } = render(<VersionDiff comparison={comparison} />);
    expect(screen.getByText('Changes from v1.0 to v1.1')).toBeTruthy();
    const parts = [...container.querySelectorAll('[data-op]')].map((el) => [el.getAttribute('data-op'), el.textContent]);
    expect(parts).toEqual([
      ['equal', '  # Steps\n  1. One'],
      ['delete', 'Removed: − 2. Two'],
      ['insert', 'Added: + 2. Two changed\n+ 3. Three'],
    ]);
    expect(screen.getByTestId('file-changes').textContent).toBe('Files added: new.pdfFiles removed: old.pdfFiles unchanged: kept.pdf');
  });

  it('says when the text is the same', () => {
    render(<VersionDiff comparison={{ ...comparison, content: [{ op: 'equal', text: 'Same\n' }] }} />);
    expect(screen.getByText(/the text is the same/)).toBeTruthy();
  });
});
