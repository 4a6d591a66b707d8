import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { RegisterInput } from '@common/contracts/auth';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldError } from '@/components/field-error';
import { useRegister } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

type Fields = { username: string; password: string; email: string; firstName: string; lastName: string };

export function RegisterForm({ onLogin }: { onLogin: () => void }) {
  const { t } = useLingui();
  const register = useRegister();
  const form = useForm<Fields>({
    resolver: zodResolver(RegisterInput) as never,
    defaultValues: { username: '', password: '', email: '', firstName: '', lastName: '' },
  });
  const { errors } = form.formState;

  const field = (name: keyof Fields, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <div className="space-y-2">
      <Label htmlFor={`register-${name}`}>{label}</Label>
      <Input id={`register-${name}`} aria-invalid={!!errors[name]} {...props} {...form.register(name)} />
      <FieldError message={errors[name]?.message} />
    </div>
  );

  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        // Waiting for approval: back to signing in, for when it is approved.
        register.mutate(values, { onSuccess: (account) => account.awaitingApproval && onLogin() }),
      )}
      noValidate
      className="space-y-4"
    >
      <div className="space-y-1">
        <h2 className="text-xl font-semibold tracking-[0.15em] text-navy">
          <Trans>CREATE ACCOUNT</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>New accounts start as crew users; an administrator assigns other roles.</Trans>
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {field('firstName', t`First name`, { autoComplete: 'given-name' })}
        {field('lastName', t`Last name`, { autoComplete: 'family-name' })}
      </div>
      {field('username', t`Username`, { autoComplete: 'username' })}
      {field('email', t`Email`, { type: 'email', autoComplete: 'email' })}
      {field('password', t`Password`, { type: 'password', autoComplete: 'new-password' })}
      <SubmitButton pending={register.isPending} submitting={t`Creating account...`} className="w-full">
        <Trans>Create account</Trans>
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        <Trans>Already have an account?</Trans>{' '}
        <button type="button" className="font-medium text-ocean underline-offset-4 hover:underline" onClick={onLogin}>
          <Trans>Sign in</Trans>
        </button>
      </p>
    </form>
  );
}
