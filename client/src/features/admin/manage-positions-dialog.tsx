import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Pencil, UserRoundCog } from 'lucide-react';
import { type Position, PositionInput } from '@common/contracts/positions';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { ManageDialog } from '@/components/manage-dialog';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/forms/select-field';
import { adminQueries, useCreatePosition, useUpdatePosition } from './api';
import { departmentChoices } from './department-choices';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

type FormState = { open: false } | { open: true; position?: Position };

/** Positions on board (Captain, Bosun, Head Waiter), each in a department: SOPs may name them as readers. */
export function ManagePositionsDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<FormState>({ open: false });
  const query = useQuery({ ...adminQueries.positions(), enabled: open });
  const positions = query.data ?? [];
  const holdersText = (count: number) => plural(count, { one: '# person', other: '# people' });

  return (
    <ManageDialog
      title={t`Manage Positions`}
      description={t`Positions on board, each in a department. An SOP can name positions whose holders must read it.`}
      icon={UserRoundCog}
      open={open}
      onOpenChange={setOpen}
      className="sm:max-w-3xl"
      add={positions.length > 0 ? { label: t`Add Position`, onClick: () => setForm({ open: true }) } : undefined}
    >
      <QueryState query={query} loading={t`Loading positions`} failed={t`Could not load the positions.`} frame="py-10">
        {positions.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <UserRoundCog className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold text-navy">
              <Trans>No positions yet</Trans>
            </p>
            <Button onClick={() => setForm({ open: true })}>
              <Trans>Create First Position</Trans>
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={t`Positions`}>
            {positions.map((position) => (
              <li key={position.id} className="flex items-start justify-between gap-2 rounded-md border bg-white px-3 py-2" aria-label={position.name}>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{position.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {position.department.name} · {holdersText(position.holders)}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0"
                  aria-label={t`Edit ${position.name}`}
                  onClick={() => setForm({ open: true, position })}
                >
                  <Pencil />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <PositionFormDialog open={form.open} position={form.open ? form.position : undefined} onClose={() => setForm({ open: false })} />
    </ManageDialog>
  );
}

/** The contract's name rule; the department travels as a select value until submit. */
const PositionFormFields = z.object({ name: PositionInput.shape.name, departmentId: z.string().min(1, 'Department is required') });
type Fields = { name: string; departmentId: string };

const valuesOf = (position: Position | undefined): Fields => ({ name: position?.name ?? '', departmentId: position ? String(position.departmentId) : '' });

function PositionFormDialog({ open, position, onClose }: { open: boolean; position?: Position; onClose: () => void }) {
  const { t } = useLingui();
  const isEdit = position !== undefined;
  const departments = useQuery(adminQueries.departments());
  const create = useCreatePosition();
  const update = useUpdatePosition();
  const form = useForm<Fields>({ resolver: zodResolver(PositionFormFields) as never, defaultValues: valuesOf(position) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(position));
  }, [open, position, form]);

  const submit = form.handleSubmit((values) => {
    const input = { name: values.name, departmentId: Number(values.departmentId) };
    const close = { onSuccess: onClose };
    if (isEdit) update.mutate({ id: position.id, input }, close);
    else create.mutate(input, close);
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={isEdit ? t`Edit Position` : t`Create Position`}
      description={t`A position belongs to one department; its holders read the SOPs that name it.`}
      onSubmit={submit}
      submit={isEdit ? t`Save Changes` : t`Create Position`}
      submitting={t`Saving...`}
      pending={create.isPending || update.isPending}
      changed={form.formState.isDirty}
    >
      <FormField id="position-name" label={t`Name`} error={errors.name?.message}>
        <Input id="position-name" aria-invalid={!!errors.name} autoComplete="off" {...form.register('name')} />
      </FormField>
      <SelectField
        control={form.control}
        name="departmentId"
        id="position-department"
        label={t`Department`}
        placeholder={t`Choose a department`}
        options={departmentChoices(departments.data ?? []).map((choice) => ({ value: String(choice.id), label: choice.label }))}
        error={errors.departmentId?.message}
      />
    </FormDialog>
  );
}
