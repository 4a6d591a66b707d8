import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { OptionsSelect, type SelectOption } from '@/components/options-select';

interface Props<T extends FieldValues, V extends FieldValues, O extends string> {
  control: Control<T, unknown, V>;
  /** The form value the select writes: one of the options' values. */
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  options: readonly SelectOption<O>[];
  error?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Words under the select that explain it (why it is disabled, say); the select is described by them. */
  hint?: ReactNode;
  /** Called after the form value changed, with the new value. */
  onChosen?: (value: O) => void;
}

/** A labelled select bound to a form value, with the value's validation message under it. */
export function SelectField<T extends FieldValues, V extends FieldValues, O extends string>({
  control,
  name,
  id,
  label,
  options,
  error,
  placeholder,
  disabled,
  hint,
  onChosen,
}: Props<T, V, O>) {
  const { field } = useController({ control, name });
  const hintId = `${id}-hint`;
  // Described by its hint and by its message, as FormField's invalidWhen() does for an input.
  const describedBy = [hint ? hintId : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormField id={id} label={label} error={error}>
      <OptionsSelect<O>
        id={id}
        value={(field.value as O | undefined) ?? ''}
        options={options}
        placeholder={placeholder}
        disabled={disabled}
        invalid={!!error}
        describedBy={describedBy}
        onValueChange={(value) => {
          field.onChange(value);
          onChosen?.(value);
        }}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </FormField>
  );
}
