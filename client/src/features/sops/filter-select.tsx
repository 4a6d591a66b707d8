import { IdleOptionsSelect } from '@/components/idle-options-select';
import type { SelectOption } from '@/components/options-select';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** One of the list's filter selects: its label above, full width on a phone, `className` setting its width from there. */
export function FilterSelect<V extends string>({
  id,
  label,
  className,
  value,
  options,
  onValueChange,
}: {
  id: string;
  label: string;
  className: string;
  value: V;
  options: readonly SelectOption<V>[];
  onValueChange: (value: V) => void;
}) {
  return (
    <div className={cn('w-full space-y-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      <IdleOptionsSelect id={id} value={value} options={options} onValueChange={onValueChange} />
    </div>
  );
}
