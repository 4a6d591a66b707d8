import { useQuery } from '@tanstack/react-query';
import type { FleetVessel } from '@common/contracts/fleet';
import { can } from '@common/permissions';
import { Checkbox } from '@/components/ui/checkbox';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/session';

interface Props {
  value: string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
}

/**
 * The SOP form's vessels: none ticked means every vessel. Shown to those who read the register
 * (approvers and admins) once a vessel is registered; for anyone else the SOP keeps its vessels.
 */
export function VesselChoice({ value, onChange, disabled }: Props) {
  const { user } = useCurrentUser();
  const vessels = useQuery<FleetVessel[]>({ queryKey: queryKeys.fleet.vessels(), enabled: can(user, 'fleet.read') });
  const list = vessels.data ?? [];
  if (list.length === 0) return null;
  const toggle = (code: string, on: boolean) => onChange(on ? [...value, code] : value.filter((c) => c !== code));
  return (
    <fieldset className="rounded-md border bg-muted/40 p-3 text-sm">
      <legend className="px-1 text-xs font-medium text-muted-foreground">Vessels</legend>
      <ul className="space-y-2">
        {list.map((vessel) => (
          <li key={vessel.code} className="flex items-center gap-2">
            <Checkbox
              id={`vessel-${vessel.code}`}
              checked={value.includes(vessel.code)}
              onCheckedChange={(checked) => toggle(vessel.code, checked === true)}
              disabled={disabled}
            />
            <label htmlFor={`vessel-${vessel.code}`} className="min-w-0 flex-1 break-words">
              {vessel.name} <span className="font-mono text-xs text-muted-foreground">{vessel.code}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground" aria-live="polite">
        {value.length === 0
          ? 'None ticked: it applies to every vessel.'
          : value.length === 1
            ? 'Only the vessel ticked receives it.'
            : `Only the ${value.length} vessels ticked receive it.`}
      </p>
    </fieldset>
  );
}
