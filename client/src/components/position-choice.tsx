import { useQuery } from '@tanstack/react-query';
import { Checkbox } from '@/components/ui/checkbox';
import { positionsQuery } from '@/lib/shared-queries';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

interface Props {
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  /** Says who reads it as an SOP's department does; a form whose audience works otherwise (a circular) says it itself. */
  explained?: boolean;
}

/**
 * The positions whose holders must read an SOP besides its department's members (the Chief
 * Officer reads the bunkering procedure of the Engine department). Shown once positions exist.
 */
export function PositionChoice({ value, onChange, disabled, explained = true }: Props) {
  const positions = useQuery(positionsQuery);
  const list = positions.data ?? [];
  if (list.length === 0) return null;
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="rounded-md border bg-muted/40 p-3 text-sm">
      <legend className="px-1 text-xs font-medium text-muted-foreground">
        <Trans>Also read by positions</Trans>
      </legend>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {list.map((position) => (
          <li key={position.id} className="flex items-center gap-2">
            <Checkbox
              id={`reading-position-${position.id}`}
              checked={value.includes(position.id)}
              onCheckedChange={(checked) => toggle(position.id, checked === true)}
              disabled={disabled}
            />
            <label htmlFor={`reading-position-${position.id}`} className="min-w-0 flex-1 break-words">
              {position.name} <span className="text-xs text-muted-foreground">{position.department.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {explained && (
        <p className="mt-2 text-xs text-muted-foreground" aria-live="polite">
          {value.length === 0
            ? t`None ticked: its department's members read it.`
            : plural(value.length, {
                one: "Its department's members and the holders of the # position ticked read it.",
                other: "Its department's members and the holders of the # positions ticked read it.",
              })}
        </p>
      )}
    </fieldset>
  );
}
