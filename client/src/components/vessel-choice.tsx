import { useQuery } from '@tanstack/react-query';
import type { FleetVessel } from '@common/contracts/fleet';
import { can } from '@common/permissions';
import { Checkbox } from '@/components/ui/checkbox';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/session';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** What the choice means, in words: for an SOP who receives it; for a person where they may sign in. */
interface ChoiceTexts {
  every: string;
  one: string;
  some: (count: number) => string;
}

// Read when drawn (getters), so the words are in the interface's language of the moment.
const SOP_VESSEL_TEXTS: ChoiceTexts = {
  get every() {
    return t`None ticked: it applies to every vessel.`;
  },
  get one() {
    return t`Only the vessel ticked receives it.`;
  },
  some: (count) => plural(count, { one: 'Only the # vessel ticked receives it.', other: 'Only the # vessels ticked receive it.' }),
};

export const PERSON_VESSEL_TEXTS: ChoiceTexts = {
  get every() {
    return t`None ticked: they may sign in on every vessel.`;
  },
  get one() {
    return t`They may sign in on board the vessel ticked only; elsewhere their name is shown but they cannot sign in.`;
  },
  some: (count) =>
    plural(count, {
      one: 'They may sign in on board the # vessel ticked only; elsewhere their name is shown but they cannot sign in.',
      other: 'They may sign in on board the # vessels ticked only; elsewhere their name is shown but they cannot sign in.',
    }),
};

interface Props {
  value: string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
  texts?: ChoiceTexts;
}

/**
 * The vessels an SOP applies to, or a person may sign in on board of: none ticked means every vessel. Shown to those who read the register
 * (approvers and admins) once a vessel is registered; for anyone else the SOP keeps its vessels.
 */
export function VesselChoice({ value, onChange, disabled, texts = SOP_VESSEL_TEXTS }: Props) {
  const { user } = useCurrentUser();
  const vessels = useQuery<FleetVessel[]>({ queryKey: queryKeys.fleet.vessels(), enabled: can(user, 'fleet.read') });
  const list = vessels.data ?? [];
  if (list.length === 0) return null;
  const toggle = (code: string, on: boolean) => onChange(on ? [...value, code] : value.filter((c) => c !== code));
  return (
    <fieldset className="rounded-md border bg-muted/40 p-3 text-sm">
      <legend className="px-1 text-xs font-medium text-muted-foreground">
        <Trans>Vessels</Trans>
      </legend>
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
        {value.length === 0 ? texts.every : value.length === 1 ? texts.one : texts.some(value.length)}
      </p>
    </fieldset>
  );
}
