import { describe, expect, it } from 'vitest';
import { applyMarkdown } from './markdown-format';

const at = (value: string, selectionStart: number, selectionEnd = selectionStart) => ({ value, selectionStart, selectionEnd });
const selected = (edit: { value: string; selectionStart: number; selectionEnd: number }) => edit.value.slice(edit.selectionStart, edit.selectionEnd);

describe('applyMarkdown', () => {
  it('wraps the selection in bold or italic and keeps it selected', () => {
    const bold = applyMarkdown('bold', at('Close the valve now', 10, 15));
    expect(bold.value).toBe('Close the **valve** now');
    expect(selected(bold)).toBe('valve');
    expect(applyMarkdown('italic', at('Close the valve now', 10, 15)).value).toBe('Close the _valve_ now');
  });

  it('inserts a selected placeholder where nothing is selected', () => {
    const bold = applyMarkdown('bold', at('Step: ', 6));
    expect(bold.value).toBe('Step: **bold text**');
    expect(selected(bold)).toBe('bold text');
  });

  it('turns every line the selection touches into a list item', () => {
    const text = 'Intro\nCheck lines\nCheck fenders\nOutro';
    const start = text.indexOf('lines');
    const end = text.indexOf('fenders') + 3;
    expect(applyMarkdown('bullets', at(text, start, end)).value).toBe('Intro\n- Check lines\n- Check fenders\nOutro');
    expect(applyMarkdown('numbers', at(text, start, end)).value).toBe('Intro\n1. Check lines\n2. Check fenders\nOutro');
    expect(applyMarkdown('checklist', at(text, start, end)).value).toBe('Intro\n- [ ] Check lines\n- [ ] Check fenders\nOutro');
  });

  it('starts a list on an empty line with the cursor after the marker', () => {
    const edit = applyMarkdown('numbers', at('Steps:\n', 7));
    expect(edit.value).toBe('Steps:\n1. ');
    expect(edit.selectionStart).toBe(edit.value.length);
    expect(edit.selectionEnd).toBe(edit.value.length);
  });

  it('leaves the line after a selection that ends at a line break alone', () => {
    expect(applyMarkdown('bullets', at('one\ntwo\n', 0, 4)).value).toBe('- one\ntwo\n');
  });
});
