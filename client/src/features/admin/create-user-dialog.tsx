import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { Role } from '@common/roles';
import { CreateUserForm, type CreatedUserInput } from '@common/contracts/users';
import { FieldError } from '@/components/field-error';
import { confirmDiscard, useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/forms/select-field';
import { showBesideField } from '@/forms/server-field-error';
import { useCreateUser } from './api';
import { ROLE_OPTIONS } from './role-options';
import { DepartmentSelect, departmentIdOf, NO_DEPARTMENT, NO_POSITION, PositionSelect, positionIdOf } from './department-choices';
import { PERSON_VESSEL_TEXTS, VesselChoice } from '@/components/vessel-choice';
import { Trans, useLingui } from '@lingui/react/macro';

type Fields = {
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  departmentId: string;
  positionId: string;
  vesselCodes: string[];
};
type TextField = Exclude<keyof Fields, 'role' | 'departmentId' | 'positionId' | 'vesselCodes'>;
/** The fields a refusal of the server can name. */
const USER_FIELDS = ['username', 'password', 'email', 'firstName', 'lastName', 'role', 'departmentId', 'positionId', 'vesselCodes'] as const;

/** The roles from least to most privileged, so the default (user) comes first. */
/** Least power first, as a form offers them. */

const EMPTY: Fields = {
  username: '',
  password: '',
  confirmPassword: '',
  email: '',
  firstName: '',
  lastName: '',
  role: 'user',
  departmentId: NO_DEPARTMENT,
  positionId: NO_POSITION,
  vesselCodes: [],
};

export function CreateUserDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const createUser = useCreateUser();
  const form = useForm<Fields>({ resolver: zodResolver(CreateUserForm) as never, defaultValues: EMPTY });
  const { errors } = form.formState;

  const dirty = open && form.formState.isDirty && !createUser.isPending;
  useUnsavedChanges(dirty);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };

  const submit = form.handleSubmit((values) => {
    // The confirmation only guards typing: it never leaves the browser.
    const {
      confirmPassword: _confirm,
      departmentId,
      positionId,
      ...input
    } = values as unknown as Omit<CreatedUserInput, 'departmentId' | 'positionId'> & Fields;
    createUser.mutate(
      { ...input, departmentId: departmentIdOf(departmentId), positionId: positionIdOf(positionId) },
      { onSuccess: () => onOpenChange(false), onError: (error) => showBesideField(form, error, USER_FIELDS) },
    );
  });

  const field = (name: TextField, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <div className="space-y-2">
      <Label htmlFor={`create-user-${name}`}>{label}</Label>
      <Input id={`create-user-${name}`} aria-invalid={!!errors[name]} {...props} {...form.register(name)} />
      <FieldError message={errors[name]?.message} />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (next || confirmDiscard(dirty)) && onOpenChange(next)}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" className="w-full">
          <UserPlus aria-hidden="true" />
          <Trans>Create User</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Create User</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Add an account and choose its role.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          {field('username', t`Username`, { autoComplete: 'off' })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('password', t`Password`, { type: 'password', autoComplete: 'new-password' })}
            {field('confirmPassword', t`Confirm Password`, { type: 'password', autoComplete: 'new-password' })}
          </div>
          {field('email', t`Email`, { type: 'email', autoComplete: 'off' })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('firstName', t`First Name`, { autoComplete: 'off' })}
            {field('lastName', t`Last Name`, { autoComplete: 'off' })}
          </div>
          <SelectField control={form.control} name="role" id="create-user-role" label={t`Role`} options={ROLE_OPTIONS} error={errors.role?.message} />
          <Controller
            control={form.control}
            name="departmentId"
            render={({ field }) => <DepartmentSelect id="create-user-department" value={field.value} onChange={field.onChange} />}
          />
          <Controller
            control={form.control}
            name="positionId"
            render={({ field }) => <PositionSelect id="create-user-position" value={field.value} onChange={field.onChange} />}
          />
          <Controller
            control={form.control}
            name="vesselCodes"
            render={({ field }) => <VesselChoice value={field.value} onChange={field.onChange} texts={PERSON_VESSEL_TEXTS} />}
          />
          <FormDialogFooter
            submit={t`Create User`}
            submitting={t`Creating...`}
            pending={createUser.isPending}
            onCancel={() => confirmDiscard(dirty) && onOpenChange(false)}
            cancelWhilePending
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
