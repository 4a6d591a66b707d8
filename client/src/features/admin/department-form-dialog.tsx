import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type Department, DepartmentInput } from '@common/contracts/departments';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { SelectField } from '@/forms/select-field';
import { useCreateDepartment, useUpdateDepartment } from './api';
import { useLingui } from '@lingui/react/macro';

const NO_PARENT = 'none';

/** The contract's name and description rules; the parent travels as a select value until submit. */
const DepartmentFormFields = z.object({
  name: DepartmentInput.shape.name,
  description: DepartmentInput.shape.description,
  parentId: z.string(),
});
type Fields = { name: string; description: string; parentId: string };

interface Props {
  open: boolean;
  onClose: () => void;
  /** Absent: create. Present: edit this item. */
  department?: Department;
  departments: Department[];
  /** Pre-selected parent when adding a department to a division. */
  defaultParentId?: number | null;
}

const valuesOf = (department: Department | undefined, defaultParentId: number | null | undefined): Fields => ({
  name: department?.name ?? '',
  description: department?.description ?? '',
  parentId: String(department ? (department.parentId ?? NO_PARENT) : (defaultParentId ?? NO_PARENT)),
});

export function DepartmentFormDialog({ open, onClose, department, departments, defaultParentId }: Props) {
  const { t } = useLingui();
  const isEdit = department !== undefined;
  const createDepartment = useCreateDepartment();
  const updateDepartment = useUpdateDepartment();
  const pending = createDepartment.isPending || updateDepartment.isPending;
  const form = useForm<Fields>({ resolver: zodResolver(DepartmentFormFields) as never, defaultValues: valuesOf(department, defaultParentId) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(department, defaultParentId));
  }, [open, department, defaultParentId, form]);

  // Two levels: only top-level divisions can be parents, and never the item itself.
  const parentOptions = [
    { value: NO_PARENT, label: t`No Parent (Top-level Division)` },
    ...departments.filter((d) => d.parentId === null && d.id !== department?.id).map((d) => ({ value: String(d.id), label: d.name })),
  ];
  const hasChildren = isEdit && departments.some((d) => d.parentId === department.id);

  const submit = form.handleSubmit((values) => {
    const input = { name: values.name, description: values.description, parentId: values.parentId === NO_PARENT ? null : Number(values.parentId) };
    const close = { onSuccess: onClose };
    if (isEdit) updateDepartment.mutate({ id: department.id, input }, close);
    else createDepartment.mutate(input, close);
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={isEdit ? t`Edit Department` : t`Create Department`}
      description={isEdit ? t`Change the name, description or division.` : t`Add a top-level division, or a department within a division.`}
      onSubmit={submit}
      submit={isEdit ? t`Save Changes` : t`Create Department`}
      submitting={t`Saving...`}
      pending={pending}
      changed={form.formState.isDirty}
    >
      <FormField id="department-name" label={t`Name`} error={errors.name?.message}>
        <Input id="department-name" aria-invalid={!!errors.name} autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField id="department-description" label={t`Description`} error={errors.description?.message}>
        <Textarea id="department-description" rows={3} aria-invalid={!!errors.description} {...form.register('description')} />
      </FormField>
      <SelectField
        control={form.control}
        name="parentId"
        id="department-parent"
        label={t`Parent Division (optional)`}
        options={parentOptions}
        disabled={hasChildren}
        hint={hasChildren && t`This division has departments, so it stays top-level.`}
      />
    </FormDialog>
  );
}
