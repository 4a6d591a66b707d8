import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent, parseMarkdown } from './markdown-content';

describe('parseMarkdown', () => {
  it('reads headings, bullets, numbered lines and paragraphs', () => {
    const source = '# Purpose\nSecure the vessel\nalongside.\n\n## Steps\n- Check lines\n* Brief crew\n1. Single up\n2. Let go\n### Notes\nDone.';
    expect(parseMarkdown(source)).toEqual([
      { kind: 'heading', level: 1, text: 'Purpose' },
      { kind: 'paragraph', lines: ['Secure the vessel', 'alongside.'] },
      { kind: 'heading', level: 2, text: 'Steps' },
      { kind: 'bullets', items: ['Check lines', 'Brief crew'] },
      { kind: 'numbered', items: ['Single up', 'Let go'] },
      { kind: 'heading', level: 3, text: 'Notes' },
      { kind: 'paragraph', lines: ['Done.'] },
    ]);
  });

  it('treats four hashes and a missing space as plain text', () => {
    expect(parseMarkdown('#### Deep\n#NoSpace')).toEqual([{ kind: 'paragraph', lines: ['#### Deep', '#NoSpace'] }]);
  });
});

describe('MarkdownContent', () => {
  it('renders elements, and markup in the content only as text', () => {
    const { container } = render(<MarkdownContent source={'## Steps\n- <img src=x onerror="alert(1)">\n1. First'} />);
    expect(screen.getByRole('heading', { name: 'Steps' })).toBeTruthy();
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('ul li')).toHaveLength(1);
    expect(container.querySelectorAll('ol li')).toHaveLength(1);
  });

  it('shows what the editor toolbar writes: bold, italic and checklist items', () => {
    const { container } = render(
      <MarkdownContent source={'Close the **sea valve** _slowly_ (snake_case stays)\n- [ ] Lines ready\n- [x] Crew briefed\n- Plain'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('sea valve');
    expect(container.querySelectorAll('em')).toHaveLength(1);
    expect(container.querySelector('em')?.textContent).toBe('slowly');
    expect(screen.getByText(/snake_case stays/)).toBeTruthy();
    const ready = screen.getByRole('checkbox', { name: 'Lines ready' }) as HTMLInputElement;
    expect(ready.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Crew briefed' }) as HTMLInputElement).checked).toBe(true);
    expect(container.querySelectorAll('ul li')).toHaveLength(3);
  });
});
