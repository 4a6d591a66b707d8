import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { ChangePasswordForm } from '@common/contracts/users';
import { can } from '@common/permissions';
import { FieldError } from '@/components/field-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/submit-button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { showBesideField } from '@/forms/server-field-error';
import { useCurrentUser } from '@/lib/session';
import { useChangePassword } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A signed-in user changes their own password; their other sessions end, this one stays. */
export default function ChangePasswordPage() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  // Every role may; on a ship's copy the account is the office's.
  if (user && !can(user, 'account.password')) {
    return (
      <div className="mx-auto max-w-lg">
        <PageHeader title={t`Change Password`} />
        <p className="rounded-lg border bg-white p-6 text-sm text-muted-foreground">
          <Trans>This is a ship copy: your account belongs to the office, so your password is changed ashore and reaches the ship with the next update.</Trans>
        </p>
      </div>
    );
  }
  return <ChangePasswordFormCard />;
}

function ChangePasswordFormCard() {
  const { t } = useLingui();
  const changePassword = useChangePassword();
  const form = useForm<Fields>({ resolver: zodResolver(ChangePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      { onSuccess: () => form.reset(EMPTY), onError: (error) => showBesideField(form, error, ['currentPassword', 'newPassword']) },
    );
  });

  const field = (name: keyof Fields, label: string, autoComplete: string) => (
    <div className="space-y-2">
      <Label htmlFor={`change-${name}`}>{label}</Label>
      <Input id={`change-${name}`} type="password" autoComplete={autoComplete} aria-invalid={!!errors[name]} {...form.register(name)} />
      <FieldError message={errors[name]?.message} />
    </div>
  );

  return (
    <div className="mx-auto max-w-lg">
      <PageHeader title={t`Change Password`} description={t`At least 8 characters, not your username and not a common password.`} />
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={submit} noValidate className="space-y-4">
            {field('currentPassword', t`Current Password`, 'current-password')}
            {field('newPassword', t`New Password`, 'new-password')}
            {field('confirmPassword', t`Confirm New Password`, 'new-password')}
            <p className="text-xs text-muted-foreground">
              <Trans>Your other signed-in devices will be signed out.</Trans>
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" asChild>
                <Link href="/">
                  <Trans>Cancel</Trans>
                </Link>
              </Button>
              <SubmitButton pending={changePassword.isPending} submitting={t`Changing...`}>
                <Trans>Change Password</Trans>
              </SubmitButton>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
