import { Trans } from '@lingui/react/macro';
import { FormField, invalidWhen } from '@/components/form-field';
import { Textarea } from '@/components/ui/textarea';

interface Props {
  id: string;
  label: React.ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The most characters the server takes: the field stops there and counts towards it. */
  maxLength: number;
  rows?: number;
  /** The field's validation message; while there is one it stands where the count stood. */
  error?: string;
}

/** A free-text field of a form with its count of characters against the limit the server keeps. */
export function LongTextField({ id, label, value, onChange, maxLength, rows = 4, error }: Props) {
  const length = value.length;
  return (
    <FormField id={id} label={label} error={error} className="space-y-1.5">
      <Textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        {...invalidWhen(id, error)}
        aria-describedby={error ? `${id}-error` : `${id}-count`}
        onChange={(e) => onChange(e.target.value)}
      />
      {!error && (
        <p id={`${id}-count`} className="text-xs text-muted-foreground">
          <Trans>
            {length} of {maxLength} characters
          </Trans>
        </p>
      )}
    </FormField>
  );
}
