import type * as React from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { slot, styled } from './slotted';

const alertDialogContentClasses =
  'bg-background fixed top-[50%] left-[50%] z-50 grid w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 rounded-lg border p-6 shadow-lg sm:max-w-lg';

const AlertDialog = slot(AlertDialogPrimitive.Root, 'alert-dialog');
const AlertDialogTrigger = slot(AlertDialogPrimitive.Trigger, 'alert-dialog-trigger');

function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <AlertDialogPrimitive.Content data-slot="alert-dialog-content" className={cn(alertDialogContentClasses, className)} {...props} />
    </AlertDialogPrimitive.Portal>
  );
}
const AlertDialogHeader = styled('div', 'alert-dialog-header', 'flex flex-col gap-2 text-center sm:text-left');
const AlertDialogFooter = styled('div', 'alert-dialog-footer', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');
const AlertDialogTitle = styled(AlertDialogPrimitive.Title, 'alert-dialog-title', 'text-lg font-semibold');
const AlertDialogDescription = styled(AlertDialogPrimitive.Description, 'alert-dialog-description', 'text-muted-foreground text-sm');
const AlertDialogAction = styled(AlertDialogPrimitive.Action, 'alert-dialog-action', buttonVariants());
const AlertDialogCancel = styled(AlertDialogPrimitive.Cancel, 'alert-dialog-cancel', buttonVariants({ variant: 'outline' }));

export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
};
