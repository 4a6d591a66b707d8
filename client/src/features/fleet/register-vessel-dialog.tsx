import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CreateVesselInput } from '@common/contracts/fleet';
import { FormField } from '@/components/form-field';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-error';
import { useRegisterVessel } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

type Fields = { code: string; name: string };
const EMPTY: Fields = { code: '', name: '' };

/** An admin adds a vessel to the register: the ship started with VESSEL=<code> is then sent what applies to it. */
export function RegisterVesselDialog({ onRegistered }: { onRegistered: (code: string) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const register = useRegisterVessel();
  // The contract's own rules, so the form says what the server would (the server still decides).
  const form = useForm<Fields>({ resolver: zodResolver(CreateVesselInput) as never, defaultValues: EMPTY });
  const { errors } = form.formState;
  const { reset: resetCall } = register;

  useEffect(() => {
    if (!open) return;
    form.reset(EMPTY);
    resetCall();
  }, [open, form, resetCall]);

  const submit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: (vessel) => {
        setOpen(false);
        onRegistered(vessel.code);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !register.isPending && setOpen(next)}>
      {/* A Radix trigger: focus returns to it when the dialog closes. */}
      <DialogTrigger asChild>
        <Button size="sm">
          <Trans>Register vessel</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Register vessel</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>The code is the one the ship's copy is started with (VESSEL); it cannot change later.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField id="vessel-code" label={t`Code`} error={errors.code?.message}>
            <Input
              id="vessel-code"
              autoComplete="off"
              spellCheck={false}
              className="uppercase"
              aria-invalid={!!errors.code}
              aria-describedby="vessel-code-hint"
              {...form.register('code', { setValueAs: (value: string) => value.toUpperCase() })}
            />
            <p id="vessel-code-hint" className="text-xs text-muted-foreground">
              <Trans>2 to 16 of A-Z, 0-9 and -, for example AURORA</Trans>
            </p>
          </FormField>
          <FormField id="vessel-name" label={t({ context: 'vessel', message: 'Name' })} error={errors.name?.message}>
            <Input id="vessel-name" autoComplete="off" aria-invalid={!!errors.name} {...form.register('name')} />
          </FormField>
          {register.isError && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {errorText(register.error, t`The vessel could not be registered.`)}
            </p>
          )}
          <FormDialogFooter submit={t`Register vessel`} submitting={t`Registering...`} pending={register.isPending} onCancel={() => setOpen(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
