import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoginInput } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { ssoErrorMessage } from '@common/sso';
import { emailCheckMessage } from '@common/email-check';
import { startSsoSignIn, useLogin, useSsoProvider } from './api';

const NOTICE_DONE = 'rounded-md border border-ocean/40 bg-ocean/5 p-3 text-sm text-navy';
const NOTICE_REFUSED = 'rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive';

/** `onRegister` absent: registration is closed, so the form does not offer it. */
export function LoginForm({ onRegister }: { onRegister?: () => void }) {
  const login = useLogin();
  const { t } = useLingui();
  const form = useForm<LoginInput>({ resolver: zodResolver(LoginInput), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  const provider = useSsoProvider();
  const [leaving, setLeaving] = useState(false);
  // Why the last sign-in through the identity provider failed (`/auth?error=`): only our own sentences.
  const [ssoError] = useState(() => ssoErrorMessage(new URLSearchParams(window.location.search).get('error')));
  // What opening a mailed address-confirmation link did (`/auth?email=`): only our own sentences.
  const [emailCode] = useState(() => new URLSearchParams(window.location.search).get('email'));
  const emailNotice = emailCheckMessage(emailCode);

  return (
    <form onSubmit={form.handleSubmit((values) => login.mutate(values))} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold tracking-[0.15em] text-navy">
          <Trans>USER LOGIN</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Sign in with your crew account.</Trans>
        </p>
      </div>
      {ssoError && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {ssoError}
        </p>
      )}
      {emailNotice && (
        <p role="status" className={emailCode === 'email_verified' ? NOTICE_DONE : NOTICE_REFUSED} data-testid="email-check">
          {emailNotice}
        </p>
      )}
      <FormField id="login-username" label={t`Username`} error={errors.username?.message}>
        <Input id="login-username" autoComplete="username" autoFocus aria-invalid={!!errors.username} {...form.register('username')} />
      </FormField>
      <FormField id="login-password" label={t`Password`} error={errors.password?.message}>
        <Input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register('password')} />
      </FormField>
      <SubmitButton pending={login.isPending} submitting={t`Signing in...`} className="w-full">
        <Trans>LOGIN</Trans>
      </SubmitButton>
      {provider && (
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void startSsoSignIn().catch(() => setLeaving(false));
          }}
        >
          {t`Sign in with ${provider}`}
        </Button>
      )}
      {onRegister ? (
        <p className="text-center text-sm text-muted-foreground">
          <Trans>New crew member?</Trans>{' '}
          <button type="button" className="font-medium text-ocean underline-offset-4 hover:underline" onClick={onRegister}>
            <Trans>Create an account</Trans>
          </button>
        </p>
      ) : (
        <p className="text-center text-sm text-muted-foreground">
          <Trans>New crew member? Ask an administrator for an account.</Trans>
        </p>
      )}
    </form>
  );
}
