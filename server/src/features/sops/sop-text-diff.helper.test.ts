import { describe, expect, it } from 'vitest';
import { compareTexts, contentChanges, deadlineIn, type FileRow, matchFiles } from './sop-text-diff.helper';

const joined = (parts: { op: string; text: string }[], keep: string) =>
  parts
    .filter((p) => p.op === 'equal' || p.op === keep)
    .map((p) => p.text)
    .join('');

describe('contentChanges', () => {
  it('marks the words that changed, and the parts give back each version', () => {
    const from = '## Steps\n1. Check every pass\n2. Wait 15 minutes\n';
    const to = '## Steps\n1. Check every pass\n2. Wait 10 minutes\n3. Log visitors\n';
    const parts = contentChanges(from, to);
    expect(parts.filter((p) => p.op !== 'equal')).toEqual([
      { op: 'delete', text: '15' },
      { op: 'insert', text: '10' },
      { op: 'insert', text: '3. Log visitors\n' },
    ]);
    expect(joined(parts, 'delete')).toBe(from);
    expect(joined(parts, 'insert')).toBe(to);
  });

  it('answers one equal part for the same text, and none for two empty ones', () => {
    expect(contentChanges('Same\n', 'Same\n')).toEqual([{ op: 'equal', text: 'Same\n' }]);
    expect(contentChanges('', '')).toEqual([]);
  });

  it('gives up on words past its time and still answers both versions', () => {
    const words = (seed: number) => Array.from({ length: 20_000 }, (_, i) => ((i * seed) % 9973).toString(36)).join(' ');
    const parts = contentChanges(words(7), words(13), deadlineIn(50));
    expect(joined(parts, 'delete')).toBe(words(7));
    expect(joined(parts, 'insert')).toBe(words(13));
  });
});

describe('compareTexts', () => {
  const pdf = (pages: string[]) => ({ text: pages.join('\f'), truncated: false, pages: pages.length });

  it('compares a PDF page by page and answers only the pages that changed, with context', () => {
    const long = 'The crew member entering the tank wears a gas meter and a harness at all times, and';
    const result = compareTexts(
      pdf(['Enclosed space entry', `${long} ventilates for 15 minutes before entry.`, 'Rescue plan']),
      pdf(['Enclosed space entry', `${long} ventilates for 10 minutes before entry.`, 'Rescue plan']),
      deadlineIn(),
    );
    expect(result).toMatchObject({ state: 'ready', by: 'pages', unchangedPages: 2, truncated: false });
    expect(result.changedPages).toHaveLength(1);
    const [page] = result.changedPages;
    expect(page.number).toBe(2);
    expect(page.ops.filter((op) => op.op !== 'equal')).toEqual([
      { op: 'delete', text: '15' },
      { op: 'insert', text: '10' },
    ]);
    expect(page.ops[0].text.startsWith('…')).toBe(true);
    expect(page.ops[0].text.endsWith('ventilates for ')).toBe(true);
  });

  it('shows a page added at the end as inserted, and a text without pages as one', () => {
    const added = compareTexts(pdf(['One']), pdf(['One', 'Two']), deadlineIn());
    expect(added.changedPages).toEqual([{ number: 2, ops: [{ op: 'insert', text: 'Two' }], tooDifferent: false }]);
    const whole = compareTexts({ text: 'Wear gloves', truncated: false, pages: null }, { text: 'Wear boots', truncated: true, pages: null }, deadlineIn());
    expect(whole).toMatchObject({ by: 'whole', unchangedPages: 0, truncated: true });
    expect(whole.changedPages[0].ops).toEqual([
      { op: 'equal', text: 'Wear ' },
      { op: 'delete', text: 'gloves' },
      { op: 'insert', text: 'boots' },
    ]);
  });

  it('calls a page too different once the time of the comparison is spent', () => {
    const result = compareTexts(pdf(['a b c']), pdf(['x y z']), { at: Date.now() - 1 });
    expect(result.changedPages).toEqual([{ number: 1, ops: [], tooDifferent: true }]);
  });
});

describe('matchFiles', () => {
  let id = 0;
  const file = (versionId: number, originalName: string, sha256: string, mimeType = 'application/pdf'): FileRow => ({
    id: (id += 1),
    versionId,
    originalName,
    mimeType,
    sha256,
    size: 100,
  });
  const shown = (pairs: ReturnType<typeof matchFiles>) => pairs.map((p) => [p.status, p.from?.originalName ?? null, p.to?.originalName ?? null]);

  it('matches the same bytes, then the same name, then the one file of a kind replaced by one of that kind', () => {
    const from = [file(1, 'plan.pdf', 'a'), file(1, 'entry.pdf', 'b'), file(1, 'old.docx', 'c', 'docx'), file(1, 'photo.png', 'd', 'png')];
    const to = [
      file(2, 'plan-copy.pdf', 'a'),
      file(2, 'entry.pdf', 'e'),
      file(2, 'new.docx', 'f', 'docx'),
      file(2, 'chart.png', 'g', 'png'),
      file(2, 'map.png', 'h', 'png'),
    ];
    expect(shown(matchFiles(from, to))).toEqual([
      ['unchanged', 'plan.pdf', 'plan-copy.pdf'],
      ['changed', 'entry.pdf', 'entry.pdf'],
      ['changed', 'old.docx', 'new.docx'],
      // Two images in for one out: which replaced it is not known.
      ['added', null, 'chart.png'],
      ['added', null, 'map.png'],
      ['removed', 'photo.png', null],
    ]);
  });
});
