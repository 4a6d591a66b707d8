import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchSnippet, snippetParts } from './match-snippet';

afterEach(cleanup);

describe('the search match under an SOP title', () => {
  it('marks the matched words with <mark> and names the file', () => {
    render(
      <MatchSnippet
        match={{
          field: 'attachment',
          attachmentId: 4,
          attachmentName: 'evacuation.pdf',
          snippet: '… escort guests to the muster station printed …',
          highlights: [
            [23, 29],
            [30, 37],
          ],
        }}
      />,
    );
    expect(screen.getByTestId('search-match-file').textContent).toBe('evacuation.pdf');
    const marks = screen.getByTestId('search-match').querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['muster', 'station']);
  });

  it('shows server text as text, never as HTML', () => {
    render(
      <MatchSnippet
        match={{ field: 'summary', attachmentId: null, attachmentName: null, snippet: '<img src=x onerror=alert(1)> fire door', highlights: [[29, 33]] }}
      />,
    );
    const match = screen.getByTestId('search-match');
    expect(match.querySelector('img')).toBeNull();
    expect(match.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(match.querySelector('mark')?.textContent).toBe('fire');
  });

  it('drops offsets that overlap, run backwards or pass the end', () => {
    expect(
      snippetParts('abc def', [
        [4, 7],
        [0, 3],
        [2, 5],
        [6, 5],
        [5, 99],
      ]),
    ).toEqual([
      { at: 0, text: 'abc', marked: true },
      { at: 3, text: ' ', marked: false },
      { at: 4, text: 'def', marked: true },
    ]);
  });

  it('shows nothing more for a title hit', () => {
    const { container } = render(
      <MatchSnippet match={{ field: 'title', attachmentId: null, attachmentName: null, snippet: 'Fire door', highlights: [[0, 4]] }} />,
    );
    expect(container.textContent).toBe('');
  });
});
