import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ROLES, type Role } from '@common/roles';
import { CreateUserInput, type AdminUser } from '@common/contracts/users';
import { FieldError } from '@/components/field-error';
import { FormDialog } from '@/components/form-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/forms/select-field';
import { showBesideField } from '@/forms/server-field-error';
import { displayNameOf } from '@/lib/names';
import { useUpdateUser } from './api';
import { ROLE_OPTIONS } from './role-options';
import { DepartmentSelect, departmentIdOf, departmentValue, PositionSelect, positionIdOf, positionValue } from './department-choices';
import { PERSON_VESSEL_TEXTS, VesselChoice } from '@/components/vessel-choice';
import { Trans, useLingui } from '@lingui/react/macro';

/** The contract's rules for names and email; role, department and `active` come from controls that cannot go wrong. */
const EditUserFields = z.object({
  firstName: CreateUserInput.shape.firstName,
  lastName: CreateUserInput.shape.lastName,
  email: CreateUserInput.shape.email,
  role: z.enum(ROLES),
  departmentId: z.string(),
  positionId: z.string(),
  vesselCodes: z.array(z.string()),
  active: z.boolean(),
});
type Fields = {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  departmentId: string;
  positionId: string;
  vesselCodes: string[];
  active: boolean;
};
/** The fields a refusal of the server can name. */
const USER_FIELDS = ['firstName', 'lastName', 'email', 'role', 'departmentId', 'positionId', 'vesselCodes', 'active'] as const;

const valuesOf = (user: AdminUser | null): Fields => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  role: user?.role ?? 'user',
  departmentId: departmentValue(user?.departmentId),
  positionId: positionValue(user?.positionId),
  vesselCodes: user?.vesselCodes ?? [],
  active: user?.active ?? true,
});

/** Names, email, role, department and whether the account may sign in. */
export function EditUserDialog({ user, isSelf, onClose }: { user: AdminUser | null; isSelf: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const updateUser = useUpdateUser();
  const form = useForm<Fields>({ resolver: zodResolver(EditUserFields) as never, defaultValues: valuesOf(user) });
  const { errors } = form.formState;

  useEffect(() => {
    if (user) form.reset(valuesOf(user));
  }, [user, form]);

  const submit = form.handleSubmit((values) => {
    if (!user) return;
    const input = { ...values, departmentId: departmentIdOf(values.departmentId), positionId: positionIdOf(values.positionId) };
    updateUser.mutate({ id: user.id, input }, { onSuccess: onClose, onError: (error) => showBesideField(form, error, USER_FIELDS) });
  });

  const text = (name: 'firstName' | 'lastName' | 'email', label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <div className="space-y-2">
      <Label htmlFor={`edit-user-${name}`}>{label}</Label>
      <Input id={`edit-user-${name}`} aria-invalid={!!errors[name]} autoComplete="off" {...props} {...form.register(name)} />
      <FieldError message={errors[name]?.message} />
    </div>
  );

  const name = displayNameOf(user);
  const username = user?.username;
  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title={t`Edit User`}
      description={user ? t`${name} (${username}). A new role or deactivation applies on their next request.` : ''}
      onSubmit={submit}
      submit={t`Save Changes`}
      submitting={t`Saving...`}
      pending={updateUser.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', t`First Name`)}
        {text('lastName', t`Last Name`)}
      </div>
      {text('email', t`Email`, { type: 'email' })}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="role" id="edit-user-role" label={t`Role`} options={ROLE_OPTIONS} />
        <Controller
          control={form.control}
          name="departmentId"
          render={({ field }) => <DepartmentSelect id="edit-user-department" value={field.value} onChange={field.onChange} />}
        />
      </div>
      <Controller
        control={form.control}
        name="positionId"
        render={({ field }) => <PositionSelect id="edit-user-position" value={field.value} onChange={field.onChange} />}
      />
      <Controller
        control={form.control}
        name="vesselCodes"
        render={({ field }) => <VesselChoice value={field.value} onChange={field.onChange} texts={PERSON_VESSEL_TEXTS} />}
      />
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id="edit-user-active"
              checked={field.value}
              disabled={isSelf}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              aria-describedby="edit-user-active-hint"
            />
            <div className="space-y-1">
              <Label htmlFor="edit-user-active">
                <Trans>Active</Trans>
              </Label>
              <p id="edit-user-active-hint" className="text-xs text-muted-foreground">
                {isSelf ? t`You cannot deactivate your own account.` : t`An inactive account cannot sign in; its sessions end at once.`}
              </p>
            </div>
          </div>
        )}
      />
    </FormDialog>
  );
}
