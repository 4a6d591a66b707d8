import { useQuery } from '@tanstack/react-query';
import type { Department } from '@common/contracts/departments';
import { Label } from '@/components/ui/label';
import { OptionsSelect } from '@/components/options-select';
import { adminQueries } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/** The select's value for "no department" (Radix selects cannot hold null). */
export const NO_DEPARTMENT = 'none';

/** Divisions in name order, each followed by its departments, labelled 'Division › Department'. */
export function departmentChoices(departments: Department[]): { id: number; label: string }[] {
  const byName = (a: Department, b: Department) => a.name.localeCompare(b.name);
  const divisions = departments.filter((d) => d.parentId === null).sort(byName);
  return divisions.flatMap((division) => [
    { id: division.id, label: division.name },
    ...departments
      .filter((d) => d.parentId === division.id)
      .sort(byName)
      .map((d) => ({ id: d.id, label: `${division.name} › ${d.name}` })),
  ]);
}

/** A user's department, as the create and edit dialogs ask it: none, or any division or department. */
export function DepartmentSelect({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const departments = useQuery(adminQueries.departments());
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        <Trans>Department</Trans>
      </Label>
      <OptionsSelect
        id={id}
        value={value}
        options={[
          { value: NO_DEPARTMENT, label: t`No department` },
          ...departmentChoices(departments.data ?? []).map((choice) => ({ value: String(choice.id), label: choice.label })),
        ]}
        onValueChange={onChange}
      />
    </div>
  );
}

export const departmentValue = (id: number | null | undefined) => (id == null ? NO_DEPARTMENT : String(id));
export const departmentIdOf = (value: string) => (value === NO_DEPARTMENT ? null : Number(value));

/** The select's value for "no position". */
export const NO_POSITION = 'none';

/** A user's position, as the create and edit dialogs ask it: none, or any position ('Bosun · Deck'). */
export function PositionSelect({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const positions = useQuery(adminQueries.positions());
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        <Trans>Position</Trans>
      </Label>
      <OptionsSelect
        id={id}
        value={value}
        options={[
          { value: NO_POSITION, label: t`No position` },
          ...(positions.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.department.name}` })),
        ]}
        onValueChange={onChange}
      />
    </div>
  );
}

export const positionValue = (id: number | null | undefined) => (id == null ? NO_POSITION : String(id));
export const positionIdOf = (value: string) => (value === NO_POSITION ? null : Number(value));
