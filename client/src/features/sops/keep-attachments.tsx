import type { Attachment } from '@common/contracts/attachments';
import { Checkbox } from '@/components/ui/checkbox';
import { formatBytes } from '@/lib/labels';
import { Trans } from '@lingui/react/macro';

interface Props {
  attachments: Attachment[];
  versionNumber: string;
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

/** Edit mode: which files of the current version go into the new one (all, by default). */
export function KeepAttachments({ attachments, versionNumber, value, onChange, disabled }: Props) {
  const toggle = (id: number, keep: boolean) => onChange(keep ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="rounded-md border bg-muted/40 p-3 text-sm">
      <legend className="px-1 text-xs font-medium text-muted-foreground">
        <Trans>Files of v{versionNumber} to keep in the new version</Trans>
      </legend>
      <ul className="space-y-2">
        {attachments.map((a) => (
          <li key={a.id} className="flex items-center gap-2">
            <Checkbox id={`keep-${a.id}`} checked={value.includes(a.id)} onCheckedChange={(checked) => toggle(a.id, checked === true)} disabled={disabled} />
            <label htmlFor={`keep-${a.id}`} className="min-w-0 flex-1 truncate">
              {a.originalName} <span className="text-xs text-muted-foreground">· {formatBytes(a.size)}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">
        <Trans>Unticked files stay with v{versionNumber} only.</Trans>
      </p>
    </fieldset>
  );
}
