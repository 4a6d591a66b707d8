import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DepartmentSelect } from '@/components/department-select';
import { FormField } from '@/components/form-field';
import { t } from '@lingui/core/macro';

interface Props<T extends FieldValues> {
  id: string;
  /** The form's control; its `departmentId` field is the one chosen here. */
  control: Control<T>;
  error?: string;
  disabled: boolean;
}

/** The department that owns a new or edited SOP, as the SOP forms ask it. */
export function SopDepartmentField<T extends FieldValues & { departmentId?: unknown }>({ id, control, error, disabled }: Props<T>) {
  return (
    <FormField id={id} label={t`Department *`} error={error} className="space-y-1.5">
      <Controller
        control={control}
        name={'departmentId' as Path<T>}
        render={({ field }) => <DepartmentSelect id={id} value={String(field.value ?? '')} onChange={field.onChange} invalid={!!error} disabled={disabled} />}
      />
    </FormField>
  );
}
