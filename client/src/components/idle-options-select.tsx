import { MountWhenIdle } from '@/components/mount-when-idle';
import { OptionItems, type SelectOption } from '@/components/options-select';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';

/**
 * A select whose option list mounts once the browser is idle (see MountWhenIdle): the trigger
 * names the chosen option itself, so nothing waits for the list. For the filters a screen draws
 * on its first paint.
 */
export function IdleOptionsSelect<V extends string>({
  id,
  value,
  options,
  onValueChange,
}: {
  id: string;
  value: V;
  options: readonly SelectOption<V>[];
  onValueChange: (value: V) => void;
}) {
  return (
    <Select value={value} onValueChange={(next) => onValueChange(next as V)}>
      <SelectTrigger id={id}>
        <SelectValue>{options.find((o) => o.value === value)?.label}</SelectValue>
      </SelectTrigger>
      <MountWhenIdle>
        <OptionItems options={options} />
      </MountWhenIdle>
    </Select>
  );
}
