import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { VersionComparison } from '@common/contracts/review-loop';
import { asked, network } from '@/test/network';
import { appClient, renderWithClient } from '@/test/render';
import { mergedMarkdown } from './diff-marks';
import { VersionDiff, VersionDiffLoader } from './version-diff';

afterEach(cleanup);

const pdf = 'application/pdf';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const comparison: VersionComparison = {
  from: { id: 1, versionNumber: '1.0' },
  to: { id: 2, versionNumber: '1.1' },
  content: [
    { op: 'equal', text: '## Steps\n1. Ventilate for ' },
    { op: 'delete', text: '15' },
    { op: 'insert', text: '10' },
    { op: 'equal', text: ' **minutes**\n' },
    { op: 'insert', text: '2. Test the air\n' },
  ],
  files: [
    {
      status: 'changed',
      from: { id: 3, originalName: 'entry.pdf', mimeType: pdf },
      to: { id: 5, originalName: 'entry.pdf', mimeType: pdf },
      text: {
        state: 'ready',
        by: 'pages',
        unchangedPages: 2,
        truncated: false,
        changedPages: [
          {
            number: 2,
            tooDifferent: false,
            ops: [
              { op: 'equal', text: 'Ventilate the space for ' },
              { op: 'delete', text: '15' },
              { op: 'insert', text: '10' },
              { op: 'equal', text: ' minutes.' },
            ],
          },
        ],
      },
    },
    {
      status: 'changed',
      from: { id: 4, originalName: 'checklist.docx', mimeType: docx },
      to: { id: 6, originalName: 'checklist.docx', mimeType: docx },
      text: { state: 'pending', by: 'whole', changedPages: [], unchangedPages: 0, truncated: false },
    },
    { status: 'added', from: null, to: { id: 7, originalName: 'new.pdf', mimeType: pdf }, text: null },
  ],
};

describe('mergedMarkdown', () => {
  it('keeps a line’s block start in front of its mark, and marks line by line', () => {
    const merged = mergedMarkdown([
      { op: 'equal', text: 'Intro\n' },
      { op: 'insert', text: '## New\n- [ ] Box' },
    ]);
    expect(merged).toBe('Intro\n## \ue000New\ue001\n- [ ] \ue000Box\ue001');
  });
});

describe('VersionDiff', () => {
  it('renders the content as Markdown with the words added and removed marked, not its markers', () => {
    renderWithClient(<VersionDiff comparison={comparison} />);
    expect(screen.getByText('Changes from v1.0 to v1.1')).toBeTruthy();
    const content = screen.getByTestId('content-changes');
    expect(within(content).getByRole('heading', { name: 'Steps' })).toBeTruthy();
    const items = content.querySelectorAll('ol li');
    expect([...items].map((li) => li.textContent)).toEqual(['Ventilate for Removed: 15Added: 10 minutes', 'Added: Test the air']);
    expect(items[0].querySelector('strong')?.textContent).toBe('minutes');
    expect(content.querySelector('del')?.textContent).toBe('Removed: 15');
    expect(content.textContent).not.toContain('**');
  });

  it('shows a changed PDF page by page, a file still being read, and an added file', () => {
    renderWithClient(<VersionDiff comparison={comparison} />);
    const [entry, checklist, added] = screen.getAllByTestId('file-change');
    expect(within(entry).getByTestId('page-changes').textContent).toBe('Page 2: Ventilate the space for Removed: 15Added: 10 minutes.');
    expect(entry.querySelector('ins')?.textContent).toBe('Added: 10');
    expect(entry.textContent).toContain('2 pages unchanged.');
    expect(checklist.textContent).toContain('Its text is still being read');
    expect(added.textContent).toBe('Addednew.pdf');
  });

  it('says a Word file is compared as one text, and when a page is too different', () => {
    const word = {
      ...comparison.files[1],
      text: { state: 'ready' as const, by: 'whole' as const, unchangedPages: 0, truncated: false, changedPages: [{ number: 1, ops: [], tooDifferent: true }] },
    };
    renderWithClient(<VersionDiff comparison={{ ...comparison, files: [word] }} />);
    expect(screen.getByText('Word files are compared as one text.')).toBeTruthy();
    expect(screen.getByTestId('page-changes').textContent).toBe('Text: too different to show word by word.');
  });
});

describe('VersionDiffLoader', () => {
  it('asks the server for the two versions and shows the comparison', async () => {
    network.use(http.get('/api/sops/9/compare', () => HttpResponse.json(comparison)));
    renderWithClient(<VersionDiffLoader sopId={9} from={1} to={2} />, appClient());
    expect(await screen.findByText('Changes from v1.0 to v1.1')).toBeTruthy();
    expect(asked()).toEqual(['GET /api/sops/9/compare?from=1&to=2']);
  });

  it('says so when the versions cannot be compared', async () => {
    network.use(http.get('/api/sops/9/compare', () => HttpResponse.json({ message: 'To version 2 does not exist', code: 'not_found' }, { status: 404 })));
    renderWithClient(<VersionDiffLoader sopId={9} from={1} to={2} />, appClient());
    expect(await screen.findByText('The versions could not be compared.')).toBeTruthy();
  });
});
