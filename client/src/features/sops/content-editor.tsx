import type { ComponentProps } from 'react';
import { Bold, Italic, List, ListChecks, ListOrdered } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

// The toolbar is shown but not functional yet; content is plain markdown typed by hand.
const TOOLS = [
  { label: 'Bold', icon: Bold },
  { label: 'Italic', icon: Italic },
  { label: 'Bullet list', icon: List },
  { label: 'Numbered list', icon: ListOrdered },
  { label: 'Checklist', icon: ListChecks },
];

const STRUCTURE_HINT = ['Overview/Purpose', 'Prerequisites', 'Step-by-step procedures', 'Safety considerations', 'Quality checkpoints', 'Troubleshooting'];

type Props = ComponentProps<'textarea'> & { isEmpty: boolean };

/** 'Steps & Procedures': a large plain-text area with a suggested structure while empty. */
export function ContentEditor({ isEmpty, ...textarea }: Props) {
  return (
    <div className="overflow-hidden rounded-md border bg-white focus-within:ring-2 focus-within:ring-ring/50">
      <div role="toolbar" aria-label="Formatting" className="flex gap-1 border-b bg-muted/50 px-2 py-1">
        {TOOLS.map(({ label, icon: Icon }) => (
          <Button key={label} type="button" variant="ghost" size="icon" className="size-8" aria-label={label} title={label}>
            <Icon />
          </Button>
        ))}
      </div>
      {isEmpty && (
        <div className="border-b bg-accent/50 px-3 py-2 text-xs text-accent-foreground" data-testid="content-hint">
          <p className="font-medium">Suggested structure:</p>
          <ol className="mt-1 list-inside list-decimal columns-2 sm:columns-3">
            {STRUCTURE_HINT.map((part) => (
              <li key={part}>{part}</li>
            ))}
          </ol>
        </div>
      )}
      <Textarea {...textarea} className="min-h-[420px] resize-y rounded-none border-0 font-mono text-sm shadow-none focus-visible:ring-0" />
    </div>
  );
}
