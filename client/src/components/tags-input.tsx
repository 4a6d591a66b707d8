import { useState } from 'react';
import { X } from 'lucide-react';
import { normalizeTags } from '@common/tags';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
}

/** Tags are trimmed; empty ones and duplicates are ignored (the server would drop them too); Enter adds like the button. */
export function TagsInput({ id, value, onChange, disabled }: Props) {
  const [draft, setDraft] = useState('');
  const { t } = useLingui();

  const add = () => {
    const tag = draft.trim();
    setDraft('');
    if (!tag) return;
    onChange(normalizeTags([...value, tag]));
  };

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          disabled={disabled}
          placeholder={t`Add a tag`}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter adds the tag instead of submitting the whole form.
              e.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={disabled}>
          <Trans>Add</Trans>
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t`Chosen tags`}>
          {value.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {tag}
                <button
                  type="button"
                  className="rounded-sm p-0.5 outline-none hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={t`Remove tag ${tag}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((t) => t !== tag))}
                >
                  <X className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
