import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentEditor } from './content-editor';

afterEach(cleanup);

let read: () => { content: string; dirty: boolean };

function Form({ initial }: { initial: string }) {
  const form = useForm({ defaultValues: { content: initial } });
  // Read during render: react-hook-form reports isDirty only to a form that subscribed to it.
  const { isDirty } = form.formState;
  read = () => ({ content: form.getValues('content'), dirty: isDirty });
  return <ContentEditor aria-label="Content" isEmpty={false} {...form.register('content')} />;
}

describe('ContentEditor toolbar', () => {
  it('writes Markdown into the form value around the selection', () => {
    render(<Form initial="Close the valve" />);
    const area = screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement;
    area.setSelectionRange(10, 15);
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(area.value).toBe('Close the **valve**');
    expect(read()).toEqual({ content: 'Close the **valve**', dirty: true });
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('valve');

    area.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Checklist' }));
    expect(read().content).toBe('- [ ] Close the **valve**');
  });

  it('offers each of the five tools', () => {
    render(<Form initial="" />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const names = ['Bold', 'Italic', 'Bullet list', 'Numbered list', 'Checklist'];
    for (const name of names) {
      const area = screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement;
      const before = area.value;
      fireEvent.click(screen.getByRole('button', { name }));
      expect(area.value).not.toBe(before);
    }
    expect(toolbar.querySelectorAll('button')).toHaveLength(names.length);
  });
});
