import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Password } from '@common/contracts/auth';
import type { AdminUser } from '@common/contracts/users';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { i18n } from '@/lib/i18n';
import { displayNameOf } from '@/lib/names';
import { useResetPassword } from './api';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** Read when the form checks, so it is in the interface's language of the moment. */
const MISMATCH = msg`Passwords don't match`;
const ResetPasswordForm = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: () => i18n._(MISMATCH), path: ['confirmPassword'] });
type Fields = z.infer<typeof ResetPasswordForm>;
const EMPTY: Fields = { password: '', confirmPassword: '' };

/** An administrator sets a new password; the user is signed out everywhere and signs in with it. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useLingui();
  const resetPassword = useResetPassword();
  const form = useForm<Fields>({ resolver: zodResolver(ResetPasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;

  useEffect(() => {
    if (user) form.reset(EMPTY);
  }, [user, form]);

  const submit = form.handleSubmit(({ password }) => {
    if (user) resetPassword.mutate({ id: user.id, password }, { onSuccess: onClose });
  });

  const name = displayNameOf(user);
  const username = user?.username;
  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title={t`Reset Password`}
      description={user ? t`Choose a new password for ${name} (${username}). They will be signed out everywhere.` : ''}
      onSubmit={submit}
      submit={t`Reset Password`}
      submitting={t`Resetting...`}
      pending={resetPassword.isPending}
    >
      <FormField id="reset-password" label={t`New Password`} error={errors.password?.message}>
        <Input id="reset-password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} {...form.register('password')} />
      </FormField>
      <FormField id="reset-password-confirm" label={t`Confirm New Password`} error={errors.confirmPassword?.message}>
        <Input
          id="reset-password-confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.confirmPassword}
          {...form.register('confirmPassword')}
        />
      </FormField>
    </FormDialog>
  );
}
