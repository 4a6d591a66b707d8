import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Password } from '@common/contracts/auth';
import type { AdminUser } from '@common/contracts/users';
import { FieldError } from '@/components/field-error';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { displayNameOf } from '@/lib/names';
import { useResetPassword } from './api';

const ResetPasswordForm = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
type Fields = z.infer<typeof ResetPasswordForm>;
const EMPTY: Fields = { password: '', confirmPassword: '' };

/** An administrator sets a new password; the user is signed out everywhere and signs in with it. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const resetPassword = useResetPassword();
  const form = useForm<Fields>({ resolver: zodResolver(ResetPasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;

  useEffect(() => {
    if (user) form.reset(EMPTY);
  }, [user, form]);

  const submit = form.handleSubmit(({ password }) => {
    if (user) resetPassword.mutate({ id: user.id, password }, { onSuccess: onClose });
  });

  return (
    <Dialog open={user !== null} onOpenChange={(next) => !next && !resetPassword.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset Password</DialogTitle>
          <DialogDescription>
            {user ? `Choose a new password for ${displayNameOf(user)} (${user.username}). They will be signed out everywhere.` : ''}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="reset-password">New Password</Label>
            <Input id="reset-password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} {...form.register('password')} />
            <FieldError message={errors.password?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="reset-password-confirm">Confirm New Password</Label>
            <Input
              id="reset-password-confirm"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!errors.confirmPassword}
              {...form.register('confirmPassword')}
            />
            <FieldError message={errors.confirmPassword?.message} />
          </div>
          <FormDialogFooter submit="Reset Password" submitting="Resetting..." pending={resetPassword.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
