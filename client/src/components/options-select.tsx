import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

interface Props<V extends string> {
  id: string;
  /** The chosen option's value; '' while none is chosen (the placeholder shows). */
  value: V | '';
  options: readonly SelectOption<V>[];
  onValueChange: (value: V) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** The id of a hint that explains the select (why it is disabled, say). */
  describedBy?: string;
  triggerClassName?: string;
}

/** A select over a list of options, each a value and the words shown for it. */
export function OptionsSelect<V extends string>({
  id,
  value,
  options,
  onValueChange,
  placeholder,
  disabled,
  invalid,
  describedBy,
  triggerClassName,
}: Props<V>) {
  return (
    <Select value={value} onValueChange={(next) => onValueChange(next as V)} disabled={disabled}>
      <SelectTrigger id={id} aria-invalid={invalid} aria-describedby={describedBy} className={triggerClassName}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <OptionItems options={options} />
    </Select>
  );
}

/** A select's list: one item per option. */
export function OptionItems({ options }: { options: readonly SelectOption[] }) {
  return (
    <SelectContent>
      {options.map((o) => (
        <SelectItem key={o.value} value={o.value}>
          {o.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
