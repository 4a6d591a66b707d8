import { useQuery } from '@tanstack/react-query';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { departmentsQuery } from '@/lib/shared-queries';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** A first choice standing for every department (a filter's 'All departments'). */
  anyChoice?: { value: string; label: string };
  triggerClassName?: string;
}

/** Divisions and, indented beneath each, its departments; any of them can own an SOP. */
export function DepartmentSelect({ id, value, onChange, invalid, disabled, anyChoice, triggerClassName }: Props) {
  const departments = useQuery(departmentsQuery);
  const { t } = useLingui();
  const list = departments.data ?? [];
  const divisions = list.filter((d) => d.parentId === null);

  return (
    <Select value={value} onValueChange={onChange} disabled={disabled || departments.isLoading}>
      <SelectTrigger id={id} aria-invalid={invalid} className={triggerClassName}>
        <SelectValue placeholder={departments.isLoading ? t`Loading departments...` : t`Select a department`} />
      </SelectTrigger>
      <SelectContent>
        {anyChoice && <SelectItem value={anyChoice.value}>{anyChoice.label}</SelectItem>}
        {divisions.map((division) => (
          <SelectGroup key={division.id}>
            <SelectItem value={String(division.id)} className="font-medium">
              {division.name}
            </SelectItem>
            {list
              .filter((d) => d.parentId === division.id)
              .map((dept) => (
                <SelectItem key={dept.id} value={String(dept.id)} className="pl-6">
                  {dept.name}
                </SelectItem>
              ))}
          </SelectGroup>
        ))}
        {list.length === 0 && !departments.isLoading && (
          <div className="px-2 py-1.5 text-sm text-muted-foreground">
            <Trans>No departments yet</Trans>
          </div>
        )}
      </SelectContent>
    </Select>
  );
}
