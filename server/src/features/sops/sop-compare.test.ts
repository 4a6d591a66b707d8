import { describe, expect, it } from 'vitest';
import { contentChanges } from './sop-compare.service';

describe('contentChanges', () => {
  it('keeps a last line that only gained its newline as unchanged when a step is added after it', () => {
    const changes = contentChanges('## Steps\n1. Check every pass', '## Steps\n1. Check every pass\n2. Log visitors\n');
    expect(changes.map((c) => c.op)).toEqual(['equal', 'insert']);
    expect(changes[1].text).toContain('2. Log visitors');
  });

  it('shows a changed line as deleted and inserted, the rest equal', () => {
    expect(contentChanges('a\nb\nc\n', 'a\nB\nc\n')).toEqual([
      { op: 'equal', text: 'a\n' },
      { op: 'delete', text: 'b\n' },
      { op: 'insert', text: 'B\n' },
      { op: 'equal', text: 'c\n' },
    ]);
  });
});
