import { type ComponentProps, useRef } from 'react';
import { Bold, Italic, List, ListChecks, ListOrdered } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { applyMarkdown, type MarkdownTool } from './markdown-format';
import { i18n } from '@/lib/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

const TOOLS: Array<{ tool: MarkdownTool; label: MessageDescriptor; icon: typeof Bold }> = [
  { tool: 'bold', label: msg`Bold`, icon: Bold },
  { tool: 'italic', label: msg`Italic`, icon: Italic },
  { tool: 'bullets', label: msg`Bullet list`, icon: List },
  { tool: 'numbers', label: msg`Numbered list`, icon: ListOrdered },
  { tool: 'checklist', label: msg`Checklist`, icon: ListChecks },
];

const STRUCTURE_HINT = [
  msg`Overview/Purpose`,
  msg`Prerequisites`,
  msg`Step-by-step procedures`,
  msg`Safety considerations`,
  msg`Quality checkpoints`,
  msg`Troubleshooting`,
];

type Props = ComponentProps<'textarea'> & { isEmpty: boolean };

/**
 * The textarea's value changes as if typed: the form (react-hook-form's register) hears an
 * input event, so the edit counts as unsaved and is validated like any other.
 */
function insertMarkdown(area: HTMLTextAreaElement, tool: MarkdownTool) {
  const edit = applyMarkdown(tool, { value: area.value, selectionStart: area.selectionStart, selectionEnd: area.selectionEnd });
  area.focus();
  area.setRangeText(edit.value, 0, area.value.length);
  area.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

/** 'Steps & Procedures': a large Markdown text area with a suggested structure while empty. */
export function ContentEditor({ isEmpty, ref, ...textarea }: Props) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  const setRef = (element: HTMLTextAreaElement | null) => {
    area.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  return (
    <div className="overflow-hidden rounded-md border bg-white focus-within:ring-2 focus-within:ring-ring/50">
      <div role="toolbar" aria-label={t`Formatting`} className="flex gap-1 border-b bg-muted/50 px-2 py-1">
        {TOOLS.map(({ tool, label: words, icon: Icon }) => {
          const label = i18n._(words);
          return (
            <Button
              key={tool}
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={label}
              title={label}
              disabled={textarea.disabled}
              // Keeps the text selected while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => area.current && insertMarkdown(area.current, tool)}
            >
              <Icon />
            </Button>
          );
        })}
      </div>
      {isEmpty && (
        <div className="border-b bg-accent/50 px-3 py-2 text-xs text-accent-foreground" data-testid="content-hint">
          <p className="font-medium">{t`Suggested structure:`}</p>
          <ol className="mt-1 list-inside list-decimal columns-2 sm:columns-3">
            {STRUCTURE_HINT.map((part) => (
              <li key={part.id}>{i18n._(part)}</li>
            ))}
          </ol>
        </div>
      )}
      <Textarea {...textarea} ref={setRef} className="min-h-[420px] resize-y rounded-none border-0 font-mono text-sm shadow-none focus-visible:ring-0" />
    </div>
  );
}
